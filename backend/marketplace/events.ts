import type { BookingStatus } from '#marketplace/booking_status'

/** Events the marketplace module emits; listeners are wired in backend/start/events.ts. */
export type BookingStatusChanged = {
  bookingId: number
  from: BookingStatus
  to: BookingStatus
  actorUserId: number | null
  at: string
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'booking:status_changed': BookingStatusChanged
    'booking:delivered': BookingStatusChanged
    'booking:cancelled': BookingStatusChanged
  }
}
