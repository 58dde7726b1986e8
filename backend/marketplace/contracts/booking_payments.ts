import type { DateTime } from 'luxon'

/** The carrier's real identity, revealed to a booking's shipper once it is paid. */
export type CarrierIdentity = {
  companyName: string
  contactName: string | null
  email: string
  phone: string | null
  dotNumber: string | null
  mcNumber: string | null
}

/** A booking as far as the reveal rule needs it. */
export type RevealCandidate = { id: number; carrierId: number | null; paymentStatus: string }

export type RevealViewer = {
  id: number | null
  role: string
  /** the company member who made the request as `id`, when a member did (decision 0223) */
  actorUserId?: number | null
}

/**
 * What marketplace shows of a booking's payment, which payments owns. Payments depends on
 * marketplace (a payment pays a booking), so marketplace asks through this contract and
 * payments provides it (bound in backend/start/bindings.ts).
 */
export abstract class BookingPayments {
  /** The carrier identities a shipper may see (paid bookings), each reveal logged. */
  abstract revealToShipper(
    viewer: RevealViewer,
    bookings: RevealCandidate[]
  ): Promise<Map<number, CarrierIdentity>>
  /** The provider's message of the last failed attempt, for bookings still awaiting payment. */
  abstract failureMessages(bookingIds: number[]): Promise<Map<number, string>>
  /** When an unpaid booking created at `createdAt` is released. */
  abstract paymentDueAt(createdAt: DateTime): DateTime
  /** When a paid booking delivered at `deliveredAt` releases its payout without completion. */
  abstract autoReleaseAt(deliveredAt: DateTime): DateTime
  /** The end of the payout hold in force now for each of these carriers that has one. */
  abstract payoutHeldUntil(carrierIds: number[]): Promise<Map<number, DateTime>>
}
