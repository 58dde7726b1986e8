import type { BookingStatus } from '#marketplace/booking_status'

/** Events the marketplace module emits; listeners are wired in backend/start/events.ts. */
export type BookingStatusChanged = {
  bookingId: number
  from: BookingStatus
  to: BookingStatus
  actorUserId: number | null
  at: string
}

/** A shipper marked a delivered shipment complete: payments release the payout. */
export type BookingCompleted = { bookingId: number; shipperId: number; completedAt: string }

/** A booking's rate confirmation was accepted (docs/decisions/0226): its parties' screens refetch. */
export type BookingRateConfirmation = {
  bookingId: number
  change: 'rate_confirmation_accepted' | 'rate_confirmation_revised'
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'booking:completed': BookingCompleted
    'booking:status_changed': BookingStatusChanged
    'booking:delivered': BookingStatusChanged
    'booking:cancelled': BookingStatusChanged
    'booking:rate_confirmation': BookingRateConfirmation
  }
}
