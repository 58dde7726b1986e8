import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** What a booking's paperwork says about its delivery (docs/decisions/0166). */
export type DeliveryEvidenceFacts = {
  /** a proof of delivery (POD) document is on the booking */
  proofOfDelivery: boolean
  /** an exception milestone is recorded for the shipment (a delay, a partner's exception) */
  exception: boolean
}

export const NO_EVIDENCE: DeliveryEvidenceFacts = { proofOfDelivery: false, exception: false }

/**
 * The delivery evidence of bookings. Documents and milestones are the TMS's (it sits above
 * marketplace), so the status machine asks through this contract and the TMS answers (bound
 * in backend/start/bindings.ts).
 */
export abstract class DeliveryEvidence {
  /**
   * Booking id → its evidence (bookings with none are absent), read through `client` when the
   * caller holds a transaction.
   */
  abstract forBookings(
    bookingIds: number[],
    client?: QueryClientContract
  ): Promise<Map<number, DeliveryEvidenceFacts>>
}
