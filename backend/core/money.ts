/**
 * Money is integer cents in code. Decimal columns hold dollars with two decimals; convert at
 * the edges with toCents/fromCents. Never add floats of dollars.
 */

/**
 * The platform's share of every booking total, in whole percent: the one place the 91/9 split is
 * written (docs/spec.md §9, docs/decisions/0200). Fixed-price bookings add it on top of the
 * carrier's line haul (`priceShipment`), payouts take it off the total (`splitPayout`), and the
 * screens read both figures from `GET /api/platform/constants`.
 */
export const PLATFORM_SHARE_PERCENT = 9

/** The carrier's payout share of a booking total, in whole percent: the rest of it. */
export const CARRIER_PAYOUT_PERCENT = 100 - PLATFORM_SHARE_PERCENT

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
 * Splits a total into the carrier payout (`CARRIER_PAYOUT_PERCENT`, rounded half up to the cent)
 * and the platform share (the rest), so the two always add up to the total exactly.
 */
export function splitPayout(totalCents: number): { payoutCents: number; platformCents: number } {
  assertCents(totalCents)
  const payoutCents = Math.round((totalCents * CARRIER_PAYOUT_PERCENT) / 100)
  return { payoutCents, platformCents: totalCents - payoutCents }
}

/**
 * The quick-pay fee (docs/decisions/0222): a carrier who takes a delivered booking's payout at
 * once instead of after 48 hours gives up this whole percent of its payout to the platform.
 */
export const QUICK_PAY_FEE_PERCENT = 2

/**
 * The quick-pay fee on a carrier payout: `QUICK_PAY_FEE_PERCENT` of it, rounded down to the
 * cent (the carrier never pays more than the percent; a payout under 50 cents pays none).
 */
export function quickPayFee(payoutCents: number): number {
  assertCents(payoutCents)
  if (payoutCents <= 0) return 0
  const scaled = payoutCents * QUICK_PAY_FEE_PERCENT
  return (scaled - (scaled % 100)) / 100
}

/**
 * A total split for quick pay: the carrier's payout (`splitPayout`), the fee taken off it, the
 * amount paid now (payout less fee) and the platform's share with the fee. Paid now plus the
 * platform's share is the total, to the cent.
 */
export function splitQuickPay(totalCents: number): {
  payoutCents: number
  feeCents: number
  paidNowCents: number
  platformCents: number
} {
  const { payoutCents, platformCents } = splitPayout(totalCents)
  const feeCents = quickPayFee(payoutCents)
  return {
    payoutCents,
    feeCents,
    paidNowCents: payoutCents - feeCents,
    platformCents: platformCents + feeCents,
  }
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** "$1,234.56" */
export function formatUsd(cents: number): string {
  return usd.format(fromCents(cents))
}
