import type { BookingStatusChanged } from '#marketplace/events'
import type { TrackedShipment, ShipmentStop } from '#marketplace/services/tracked_shipments_service'
import type { EventLocation, IncomingEvent } from '#tms/services/shipment_events_service'

const at = (stop: ShipmentStop): EventLocation | null =>
  stop.lat === null || stop.lng === null
    ? null
    : { lat: stop.lat, lng: stop.lng, city: stop.city, state: stop.state }

/**
 * The milestones a carrier's status change in the app stands for (docs/decisions/0083). The
 * raw code is the new status; keys make each stored once (a pickup and a delivery happen once
 * per booking, every delay and resumption is its own event):
 *
 *   any → in_transit                PU and LINEHAUL_DEPART at the origin (once per booking),
 *                                   and from delayed also IN_TRANSIT (resumed), no position
 *   any → delayed                   EXCEPTION, no position
 *   any → delivered                 DELIVERED at the destination
 *
 * A status update carries no position of its own (nothing writes tracking_updates), so the
 * origin and destination are the only places known.
 */
export function milestonesOfStatusChange(
  change: BookingStatusChanged,
  shipment: TrackedShipment
): IncomingEvent[] {
  const base = {
    code: change.to,
    source: 'app',
    eventTime: change.at,
    raw: change,
  }
  const key = (suffix: string) => `app:${shipment.id}:${suffix}`
  if (change.to === 'in_transit') {
    // Keys once per booking: back on the road after a delay is no second pickup.
    const events: IncomingEvent[] = [
      {
        ...base,
        key: key('PU'),
        type: 'PU',
        description: 'Picked up',
        location: at(shipment.origin),
      },
      {
        ...base,
        key: key('LINEHAUL_DEPART'),
        type: 'LINEHAUL_DEPART',
        description: 'Departed on the line haul',
        location: at(shipment.origin),
      },
    ]
    if (change.from === 'delayed') {
      events.push({
        ...base,
        key: key(`RESUMED:${change.at}`),
        type: 'IN_TRANSIT',
        description: 'Back on the road after a delay',
        location: null,
      })
    }
    return events
  }
  if (change.to === 'delayed') {
    return [
      {
        ...base,
        key: key(`DELAYED:${change.at}`),
        type: 'EXCEPTION',
        description: 'Shipment delayed',
        location: null,
      },
    ]
  }
  if (change.to === 'delivered') {
    return [
      {
        ...base,
        key: key('DELIVERED'),
        type: 'DELIVERED',
        description: 'Delivered',
        location: at(shipment.destination),
      },
    ]
  }
  return []
}
