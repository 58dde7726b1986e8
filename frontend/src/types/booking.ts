/*
 * The booking as the API sends it to its shipper (GET /api/bookings, /api/bookings/{id}), shared
 * by the features that show one (shipper dashboard, payment pages). Features compose in app/
 * and never import each other, so the shape every one of them reads lives here.
 */

/** The anonymous public profile of a carrier (SPEC point 1). */
export type CarrierProfile = {
  /** Anonymous label, e.g. `Verified carrier #4821`. */
  label: string
  verified: boolean
  /** Month the carrier joined, `YYYY-MM`. */
  memberSince: string | null
  completedLoads: number
  /** Share of deliveries on time, 0..1, or null without a delivery record yet. */
  onTimeRate: number | null
  equipmentTypes: string[]
}

/** The server's price of a shipment, in dollars. */
export type PriceBreakdown = { lineHaul: number; platformFee: number; total: number }

export type BookingStatus =
  'pending' | 'booked' | 'confirmed' | 'in_transit' | 'delivered' | 'delayed' | 'cancelled'

/** The carrier's real identity, sent only once the booking is paid (SPEC point 1). */
export type RevealedCarrier = {
  companyName: string
  contactName: string | null
  email: string | null
  phone: string | null
  dotNumber: string | null
  mcNumber: string | null
}

/** A booking as its shipper sees it: the carrier stays anonymous until payment. */
export type ShipperBooking = {
  id: number
  reference: string
  /** Known statuses above; an unknown or missing one is shown as booked. */
  status: BookingStatus | (string & {}) | null
  paymentStatus: string | null
  payoutStatus: string | null
  /** The anonymous label until payment, then the carrier's company name. */
  carrierName: string
  /** null (or absent) until the booking is paid. */
  carrier?: RevealedCarrier | null
  /** The card provider's message for the last failed payment attempt. */
  paymentFailureMessage?: string | null
  /** ISO time the server cancels the booking if still unpaid; null (or absent) unless pending. */
  paymentDueAt?: string | null
  carrierProfile: CarrierProfile | null
  pickupAddress: string | null
  pickupCity: string | null
  pickupState: string | null
  pickupZip: string | null
  deliveryAddress: string | null
  deliveryCity: string | null
  deliveryState: string | null
  deliveryZip: string | null
  numberOfPallets: number
  distance: number | null
  ratePerMilePerPallet: number | null
  totalAmount: number | null
  priceBreakdown: PriceBreakdown
  /** `YYYY-MM-DD` */
  pickupDate: string | null
  /** `YYYY-MM-DD` */
  deliveryDate: string | null
  specialInstructions: string | null
  listingId: number | null
  createdAt: string | null
  deliveredAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  canCancel: boolean
  canComplete: boolean
}
