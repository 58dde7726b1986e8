/**
 * The booking status machine (docs/booking-status.md). Pure: which status may follow which,
 * who may make the change, and what a pickup and a delivery need to have happened first
 * (decisions 0166 and 0221).
 * The server enforces it; the client only offers choices.
 */
export const BOOKING_STATUSES = [
  'pending',
  'booked',
  'confirmed',
  'in_transit',
  'delivered',
  'delayed',
  'cancelled',
] as const

export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/**
 * `system` is the platform itself (payment confirmation, scheduled jobs); `partner` is a partner
 * carrier's own report of a shipment it carries (its signed feed or tracking API, decision 0110).
 */
export type StatusActor = 'shipper' | 'carrier' | 'admin' | 'system' | 'partner'

/** The choices of the carrier's status updater (docs/spec.md §4). */
export const CARRIER_STATUS_CHOICES = [
  'booked',
  'confirmed',
  'in_transit',
  'delivered',
  'delayed',
] as const

const TRANSITIONS: Record<BookingStatus, Partial<Record<BookingStatus, StatusActor[]>>> = {
  // Awaiting the shipper's payment: only payment confirmation books it.
  pending: { booked: ['system'], cancelled: ['shipper', 'admin', 'system'] },
  booked: {
    confirmed: ['carrier'],
    in_transit: ['carrier', 'partner'],
    delayed: ['carrier', 'partner'],
    cancelled: ['shipper', 'admin'],
  },
  confirmed: {
    booked: ['carrier'],
    in_transit: ['carrier', 'partner'],
    delayed: ['carrier', 'partner'],
    cancelled: ['shipper', 'admin'],
  },
  in_transit: { delayed: ['carrier', 'partner'], delivered: ['carrier', 'partner'] },
  delayed: { in_transit: ['carrier', 'partner'], delivered: ['carrier', 'partner'] },
  // Final states.
  delivered: {},
  cancelled: {},
}

const label = (status: string) => status.replace('_', ' ')

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value)
}

/** Statuses `actor` may move a booking to from `from`. */
export function nextStatuses(from: BookingStatus, actor: StatusActor): BookingStatus[] {
  return Object.entries(TRANSITIONS[from])
    .filter(([, actors]) => actors!.includes(actor))
    .map(([to]) => to as BookingStatus)
}

export function isFinal(status: BookingStatus) {
  return Object.keys(TRANSITIONS[status]).length === 0
}

/** Whether `actor` may change a booking from `from` to `to`, with the reason when not. */
export function checkTransition(
  from: BookingStatus,
  to: BookingStatus,
  actor: StatusActor
): { ok: true } | { ok: false; message: string } {
  if (from === to) return { ok: false, message: `The booking is already ${label(to)}` }
  const actors = TRANSITIONS[from][to]
  if (!actors) {
    return { ok: false, message: `Cannot change a booking from ${label(from)} to ${label(to)}` }
  }
  if (!actors.includes(actor)) {
    const who =
      actor === 'system' ? 'The platform' : `A ${actor === 'partner' ? 'partner carrier' : actor}`
    return {
      ok: false,
      message: `${who} cannot change a booking from ${label(from)} to ${label(to)}`,
    }
  }
  return { ok: true }
}

/**
 * What a pickup reads of a booking (decisions 0166, 0221): the business day and instant of the
 * change, and the booking's pickup day and window.
 */
export type PickupFacts = {
  /** the business day of the change (`YYYY-MM-DD`, `#core/business_time`) */
  today: string
  nowMs: number
  /** the booking's pickup date (`YYYY-MM-DD`), when it has one */
  pickupDate: string | null
  /** when the pickup window opens (partner bookings carry one), epoch ms */
  pickupWindowStartMs: number | null
}

/**
 * What a delivery reads of a booking (decision 0166): the pickup's facts and the booking's
 * paperwork.
 */
export type DeliveryFacts = PickupFacts & {
  /** a POD document is on the booking (tms) */
  proofOfDelivery: boolean
  /** an exception milestone is recorded for the shipment (tms) */
  exception: boolean
}

export const DELIVERY_REFUSALS = {
  beforePickupDay: (pickupDate: string) =>
    `The pickup date (${pickupDate}) has not come yet: a booking cannot be delivered before its pickup`,
  beforePickupWindow:
    'The pickup window has not opened yet: a booking cannot be delivered before its pickup',
  noProof:
    'A proof of delivery is missing: upload the POD to the booking (or record an exception) before marking it delivered',
} as const

export const TRANSIT_REFUSALS = {
  beforePickupDay: (pickupDate: string) =>
    `The pickup date (${pickupDate}) has not come yet: a booking cannot be in transit before its pickup`,
  beforePickupWindow:
    'The pickup window has not opened yet: a booking cannot be in transit before its pickup',
} as const

/**
 * Why a booking may not be marked in transit now, or null when it may (decision 0221): the
 * freight is picked up on its pickup day, not before (business time), and not before its
 * pickup window opens. The same for every actor, a partner carrier's own report included.
 */
export function transitRefusal(facts: PickupFacts): string | null {
  if (facts.pickupDate !== null && facts.today < facts.pickupDate) {
    return TRANSIT_REFUSALS.beforePickupDay(facts.pickupDate)
  }
  if (facts.pickupWindowStartMs !== null && facts.nowMs < facts.pickupWindowStartMs) {
    return TRANSIT_REFUSALS.beforePickupWindow
  }
  return null
}

/**
 * Why a booking may not be marked delivered now, or null when it may: not before its pickup
 * day (business time), not before its pickup window opens, and only with a proof of delivery
 * on file or a recorded exception. A partner carrier's delivery is its own signed DELIVERED
 * report (decision 0110): the POD stays with the partner, so only the times apply to it.
 */
export function deliveryRefusal(facts: DeliveryFacts, actor: StatusActor): string | null {
  if (facts.pickupDate !== null && facts.today < facts.pickupDate) {
    return DELIVERY_REFUSALS.beforePickupDay(facts.pickupDate)
  }
  if (facts.pickupWindowStartMs !== null && facts.nowMs < facts.pickupWindowStartMs) {
    return DELIVERY_REFUSALS.beforePickupWindow
  }
  if (actor !== 'partner' && !facts.proofOfDelivery && !facts.exception) {
    return DELIVERY_REFUSALS.noProof
  }
  return null
}
