/** A partner booking's shipment at its partner carrier (docs/decisions/0082, 0110). */
export type PartnerShipmentRef = {
  bookingId: number
  /** the partner_carriers driver that booked it */
  provider: string
  partnerShipmentId: string
  /** the partner carrier's name, for messages */
  carrier: string
}

/**
 * What marketplace asks of the partner a booking was made with. The TMS owns the partner
 * carriers and sits above marketplace, so marketplace asks through this contract and the TMS
 * provides it (bound in backend/start/bindings.ts).
 */
export abstract class PartnerShipments {
  /**
   * Cancels the shipment at the partner before the booking is cancelled here; throws the HTTP
   * error the user sees when the partner refuses (too late) or cannot be reached, so nothing is
   * cancelled on one side only. Idempotent: asking twice cancels once.
   */
  abstract cancel(shipment: PartnerShipmentRef): Promise<void>
}
