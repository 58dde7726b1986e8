/** The payout policy of decision 0043, shared by the release run and its transfers. */
import { splitPayout, toCents } from '#core/money'

/** A delivered, paid booking the shipper has not completed is released this long after delivery. */
export const AUTO_RELEASE_HOURS = 48

/** Why a released payout waits: the carrier cannot receive transfers yet. */
export const ONBOARDING_HOLD_REASON = 'Carrier payout account onboarding is not complete'

/** Transfer attempts before a failed payout waits for an operator (`payouts:release --retry`). */
export const MAX_PAYOUT_ATTEMPTS = 8

/** A claim older than this is from a run that died mid-transfer; the transfer key makes retrying safe. */
export const STALE_CLAIM_MINUTES = 10

/** At most this many bookings released, and as many paid, per run; the timer runs again soon. */
export const PAYOUT_BATCH = 200

/** Provider transfer calls of a batch in flight at once. */
export const TRANSFER_CONCURRENCY = 8

/** Wait before retry `attempt + 1`: 5 min, 10, 20, ... capped at 12 hours. */
export function retryDelayMinutes(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 12 * 60)
}

/** What became of a payout a run took; 'skipped' when it could not take it. */
export type PayoutOutcome = BatchOutcome | 'skipped'

/** What became of a payout a batch claimed. */
export type BatchOutcome = 'paid' | 'held' | 'failed'

/** A run's bookings by outcome, and its expedited jobs' payouts (decision 0188) by job id. */
export type ReleaseRunSummary = {
  released: number[]
  paid: number[]
  held: number[]
  failed: number[]
  expedited: { paid: number[]; held: number[]; failed: number[] }
}

/**
 * What a payout is the carrier's share of: the booking's total, or for a cancelled booking the
 * late-cancel fee it kept (docs/decisions/0178).
 */
export function payoutBaseCents(payout: {
  totalAmount: string | number | null
  cancellationFeeCents: number | null
}): number {
  return payout.cancellationFeeCents ?? toCents(payout.totalAmount ?? 0)
}

/**
 * What the transfer pays the carrier: its share of the payout base (`splitPayout`), less the
 * quick-pay fee when it took the payout at once (docs/decisions/0222) and less what a settled
 * cargo claim refunded to the shipper out of it (docs/decisions/0233).
 */
export function carrierPayoutCents(payout: {
  totalAmount: string | number | null
  cancellationFeeCents: number | null
  quickPayFeeCents?: number | null
  claimRefundCents?: number | null
}): number {
  return (
    splitPayout(payoutBaseCents(payout)).payoutCents -
    (payout.quickPayFeeCents ?? 0) -
    (payout.claimRefundCents ?? 0)
  )
}
