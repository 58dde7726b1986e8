/**
 * The booking status machine (docs/booking-status.md). Pure: which status may follow which,
 * and who may make the change. The server enforces it; the client only offers choices.
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

/** The choices of the carrier's status updater (SPEC point 4). */
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
