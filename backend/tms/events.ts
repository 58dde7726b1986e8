/** Events the tms module emits; listeners are wired in backend/start/events.ts. */

/** A tracking feed (or the app's own status change) stored a DELIVERED milestone. */
export type ShipmentDelivered = { bookingId: number }

declare module '@adonisjs/core/types' {
  interface EventsList {
    'shipment:delivered': ShipmentDelivered
  }
}
