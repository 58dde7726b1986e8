/** Events the payout job emits (docs/decisions/0171). */

/**
 * What a batch did to a payout: released from escrow, paid to the carrier, failed, or held
 * (for a reason it was not held for before: the carrier's onboarding, a hold on its payouts).
 */
export type PayoutChange = 'released' | 'paid' | 'failed' | 'held'

/**
 * A batch of payouts changed, after its commit: one event per step of a batch (its releases,
 * its transfers recorded, its failures), never one per booking.
 */
export type PayoutsChanged = {
  change: PayoutChange
  payouts: { bookingId: number; carrierId: number }[]
}

/** A cargo claim was filed or moved a step, after its commit (docs/decisions/0233). */
export type ClaimsChanged = { claimId: number; bookingId: number; status: string }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'payouts:changed': PayoutsChanged
    'claims:changed': ClaimsChanged
  }
}
