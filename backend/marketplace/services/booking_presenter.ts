import type Booking from '#marketplace/models/booking'
import { nextStatuses } from '#marketplace/booking_status'
import { bookingReference } from '#core/reference'
import { storedBreakdown, type PriceBreakdown } from '#marketplace/services/pricing'
import type { CarrierProfile } from '#marketplace/services/carrier_identity_service'
import { isoDay } from '#core/business_time'
import { carrierKeyOf } from '#marketplace/services/partner_booking_service'
import type { DateTime } from 'luxon'
import type { CarrierIdentity } from '#marketplace/contracts/booking_payments'
import type { VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'
import { presentBookingFreight } from '#core/freight_details'

/** Where a booking goes and what it costs, as both of its sides see it. */
export type BookingLane = {
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
}

/**
 * A booking as its shipper (or its carrier) sees it. No ids that map to users or carriers;
 * the carrier's real identity only once the booking is paid.
 */
export type ShipperBooking = BookingLane & {
  id: number
  reference: string
  status: string
  paymentStatus: string
  payoutStatus: string
  carrierName: string
  carrierProfile: CarrierProfile | null
  /** the carrier's company and contact: the shipper's, once paid; null before (and for carriers) */
  carrier: CarrierIdentity | null
  /**
   * the carrier's vetting frozen when the booking was made: the carrier's own, the shipper's
   * once paid (with the identity); null before, and on bookings made before vetting existed
   */
  carrierVetting: VettingSnapshot | null
  /** the provider's message when the last payment attempt failed and the booking is unpaid */
  paymentFailureMessage: string | null
  /** ISO time after which an unpaid booking is cancelled; null unless it awaits payment */
  paymentDueAt: string | null
  priceBreakdown: PriceBreakdown
  pickupDate: string | null
  deliveryDate: string | null
  specialInstructions: string | null
  listingId: number | null
  createdAt: string | null
  deliveredAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  /** the late-cancel fee kept from a cancelled booking's total, cents (docs/decisions/0178) */
  cancellationFeeCents: number | null
  canCancel: boolean
  canComplete: boolean
  /** what completing it now would do to the carrier's payout (decision 0220); null unless canComplete */
  completion: CompletionEffect | null
  /** who moves a partner booking and how to follow it there; null for the network's bookings */
  partner: PartnerShipment | null
  /** the declared freight with its computed density and class (docs/decisions/0257); else null */
  freight: ReturnType<typeof presentBookingFreight>
}

/**
 * What completing a delivered booking does to its carrier's payout (docs/decisions/0220), so
 * the dialog and the toast say what happens to this booking's money, not what usually happens.
 */
export type CompletionEffect = {
  /** releases now, was released already (the 48-hour job), or no platform payout rides on it */
  payout: 'releases_now' | 'already_released' | 'none'
  releasedAt: string | null
  /** when it would be released without completion (releases_now) */
  autoReleaseAt: string | null
  /** the carrier's payouts are held for review until then: the transfer waits (releases_now) */
  transferHeldUntil: string | null
}

/** The payout facts a completion reads, from payments (BookingPayments). */
export type PayoutFacts = {
  autoReleaseAt: (deliveredAt: DateTime) => DateTime
  heldUntil: DateTime | null
}

export function completionEffect(booking: Booking, facts: PayoutFacts): CompletionEffect {
  const none = { releasedAt: null, autoReleaseAt: null, transferHeldUntil: null }
  if (booking.payoutStatus !== 'pending') {
    return {
      ...none,
      payout: 'already_released',
      releasedAt: booking.payoutReleasedAt?.toUTC().toISO() ?? null,
    }
  }
  if (booking.paymentStatus !== 'paid' || booking.carrierId === null) {
    return { ...none, payout: 'none' }
  }
  return {
    ...none,
    payout: 'releases_now',
    autoReleaseAt: booking.deliveredAt
      ? facts.autoReleaseAt(booking.deliveredAt).toUTC().toISO()
      : null,
    transferHeldUntil: facts.heldUntil?.toUTC().toISO() ?? null,
  }
}

/** A partner booking's carrier (named from its quote) and the partner's references. */
export type PartnerShipment = {
  carrier: string
  carrierKey: string
  serviceLevel: string | null
  proNumber: string | null
  trackingUrl: string | null
  confirmationNumber: string | null
  pickupWindowStart: string | null
  pickupWindowEnd: string | null
}

/** The partner facts of a booking made through the TMS (docs/decisions/0082), else null. */
export function partnerShipment(
  booking: Pick<
    Booking,
    | 'provider'
    | 'bookingType'
    | 'partnerPayload'
    | 'partnerProNumber'
    | 'partnerTrackingUrl'
    | 'pickupConfirmationNumber'
    | 'pickupWindowStart'
    | 'pickupWindowEnd'
  >
): PartnerShipment | null {
  const carrierKey =
    booking.provider === 'internal' ? null : carrierKeyOf(booking.provider, booking.bookingType)
  if (carrierKey === null) return null
  const quote = (booking.partnerPayload?.quote ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null)
  return {
    carrier: text(quote.carrier) ?? booking.provider,
    carrierKey,
    serviceLevel: text(quote.serviceLevel),
    proNumber: booking.partnerProNumber,
    trackingUrl: booking.partnerTrackingUrl,
    confirmationNumber: booking.pickupConfirmationNumber,
    pickupWindowStart: booking.pickupWindowStart?.toISO() ?? null,
    pickupWindowEnd: booking.pickupWindowEnd?.toISO() ?? null,
  }
}

export type Viewer = 'shipper' | 'carrier'

export type Presentation = {
  viewer: Viewer
  /** the anonymous label (or, once paid, the company) for a shipper; its own name for a carrier */
  carrierName: string
  carrierProfile: CarrierProfile | null
  carrier: CarrierIdentity | null
  paymentFailureMessage: string | null
  /** the payment deadline rule (payments owns it): when an unpaid booking is released */
  paymentDueAt: (createdAt: DateTime) => DateTime
  /** the payout facts (payments owns them) a completion would act on */
  payout: PayoutFacts
}

/** Only a pending, unpaid booking runs against the payment deadline (docs/decisions/0045). */
function awaitsPayment(booking: Booking) {
  return booking.status === 'pending' && booking.paymentStatus === 'pending' && !!booking.createdAt
}

export function presentBooking(booking: Booking, view: Presentation): ShipperBooking {
  const isShipper = view.viewer === 'shipper'
  const completable = isShipper && booking.status === 'delivered' && !booking.completedAt
  return {
    id: booking.id,
    reference: bookingReference(booking.id),
    status: booking.status,
    paymentStatus: booking.paymentStatus,
    payoutStatus: booking.payoutStatus,
    carrierName: view.carrierName,
    carrierProfile: view.carrierProfile,
    carrier: view.carrier,
    carrierVetting: !isShipper || view.carrier ? (booking.vettingSnapshot ?? null) : null,
    paymentFailureMessage: booking.paymentStatus === 'pending' ? view.paymentFailureMessage : null,
    paymentDueAt: awaitsPayment(booking) ? view.paymentDueAt(booking.createdAt).toISO() : null,
    pickupAddress: booking.pickupAddress,
    pickupCity: booking.pickupCity,
    pickupState: booking.pickupState,
    pickupZip: booking.pickupZip,
    deliveryAddress: booking.deliveryAddress,
    deliveryCity: booking.deliveryCity,
    deliveryState: booking.deliveryState,
    deliveryZip: booking.deliveryZip,
    numberOfPallets: booking.numberOfPallets,
    distance: booking.distance,
    ratePerMilePerPallet: booking.ratePerMilePerPallet,
    totalAmount: booking.totalAmount,
    priceBreakdown: storedBreakdown(booking),
    pickupDate: isoDay(booking.pickupDate),
    deliveryDate: isoDay(booking.deliveryDate),
    specialInstructions: booking.specialInstructions,
    listingId: booking.listingId,
    createdAt: booking.createdAt?.toISO() ?? null,
    deliveredAt: booking.deliveredAt?.toISO() ?? null,
    completedAt: booking.completedAt?.toISO() ?? null,
    cancelledAt: booking.cancelledAt?.toISO() ?? null,
    cancellationFeeCents: booking.cancellationFeeCents ?? null,
    canCancel: isShipper && nextStatuses(booking.status, 'shipper').includes('cancelled'),
    canComplete: completable,
    completion: completable ? completionEffect(booking, view.payout) : null,
    partner: partnerShipment(booking),
    freight: presentBookingFreight(booking.freightDetails ?? null),
  }
}
