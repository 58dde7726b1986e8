import { assertCents } from '#core/money'

/**
 * Collecting a cargo claim's recovery from the carrier's later payouts (docs/decisions/0254):
 * the arithmetic, pure and unit-tested. Everything is integer cents.
 */

/** A settled claim's recovery the carrier has not paid back yet. */
export type OpenRecovery = { claimId: number; outstandingCents: number }

export type Netting = {
  /** what each claim takes from this payout, oldest claim first; no zero rows */
  deductions: { claimId: number; amountCents: number }[]
  /** what is still transferred to the carrier */
  netCents: number
}

/**
 * Nets a payout against the carrier's open recoveries, oldest claim first, each up to what it
 * still needs, until the payout is used up: deductions + net = payout, to the cent, and no
 * claim is taken past its recovery.
 */
export function netRecoveries(payoutCents: number, open: OpenRecovery[]): Netting {
  assertCents(payoutCents)
  let left = Math.max(0, payoutCents)
  const deductions: Netting['deductions'] = []
  for (const recovery of [...open].sort((a, b) => a.claimId - b.claimId)) {
    assertCents(recovery.outstandingCents)
    if (left === 0) break
    const amountCents = Math.min(left, Math.max(0, recovery.outstandingCents))
    if (amountCents === 0) continue
    deductions.push({ claimId: recovery.claimId, amountCents })
    left -= amountCents
  }
  return { deductions, netCents: payoutCents - sumDeductions(deductions) }
}

export function sumDeductions(deductions: { amountCents: number }[]) {
  return deductions.reduce((sum, d) => sum + d.amountCents, 0)
}

/**
 * The platform makes the shipper whole at once when a recovery is settled: back to the card
 * as far as its charge can still be refunded (the booking total less what was refunded on it
 * already), the rest owed to the shipper on the ledger. card + owed = recovery.
 */
export function recoveryAdvance(
  recoveryCents: number,
  refundableCents: number
): { cardCents: number; owedCents: number } {
  assertCents(recoveryCents)
  assertCents(refundableCents)
  const cardCents = Math.min(Math.max(0, recoveryCents), Math.max(0, refundableCents))
  return { cardCents, owedCents: Math.max(0, recoveryCents) - cardCents }
}

/** What a claim's recovery still needs, never below zero. */
export function outstandingOf(recoveryCents: number | null, recoveredCents: number): number {
  return Math.max(0, (recoveryCents ?? 0) - recoveredCents)
}
