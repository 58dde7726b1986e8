import type { components } from '@/types/api'
import type { ResponseOf } from '@/types/api-contract'

/*
 * The booking as the API sends it to its shipper (GET /api/bookings, /api/bookings/{id}), shared
 * by the features that show one (shipper dashboard, payment pages). Features compose in app/
 * and never import each other, so the shape every one of them reads lives here.
 */

/** The anonymous public profile of a carrier (docs/spec.md §1). */
export type CarrierProfile = components['schemas']['CarrierProfile']

/** The server's price of a shipment, in dollars. */
export type PriceBreakdown = components['schemas']['PriceBreakdown']

export type BookingStatus = components['schemas']['BookingStatus']

/** The carrier's real identity, sent only once the booking is paid (docs/spec.md §1). */
export type RevealedCarrier = components['schemas']['RevealedCarrier']

/**
 * A booking as its shipper sees it (GET /api/bookings/{id}), as the API contract describes it:
 * the carrier stays anonymous until payment.
 */
export type ShipperBooking = Omit<ResponseOf<'/api/bookings/{id}', 'get'>, 'status'> & {
  /** Known statuses above; an unknown or missing one is shown as booked. */
  status: BookingStatus | (string & {}) | null
}
