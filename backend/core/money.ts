/**
 * Money is integer cents in code. Decimal columns hold dollars with two decimals; convert at
 * the edges with toCents/fromCents. Never add floats of dollars.
 */

/** Carrier payout share of a booking total (docs/spec.md §9). */
export const CARRIER_PAYOUT_SHARE = 0.91

/** Dollars (number or decimal string as the database returns it) to integer cents, half away from zero. */
export function toCents(dollars: number | string): number {
  const value = typeof dollars === 'string' ? Number(dollars) : dollars
  if (!Number.isFinite(value)) throw new TypeError(`Not an amount of money: ${dollars}`)
  // Round on the decimal string so 1.005 becomes 101 cents, not 100 (binary float error).
  const [whole, frac = ''] = Math.abs(value).toFixed(6).split('.')
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0)
  return value < 0 ? -cents : cents
}

/** Integer cents to dollars, for decimal columns and the wire (two decimals). */
export function fromCents(cents: number): number {
  assertCents(cents)
  return cents / 100
}

export function assertCents(cents: number) {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`Cents must be an integer, got ${cents}`)
}

/** Rounds a fractional cent amount to whole cents, half away from zero. */
export function roundCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount))
}

/**
 * Splits a total into the carrier payout (91 percent, rounded) and the platform share (the
 * rest), so the two always add up to the total exactly.
 */
export function splitPayout(totalCents: number): { payoutCents: number; platformCents: number } {
  assertCents(totalCents)
  const payoutCents = Math.round((totalCents * 91) / 100)
  return { payoutCents, platformCents: totalCents - payoutCents }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "$1,234.56" */
export function formatUsd(cents: number): string {
  return usd.format(fromCents(cents))
}
