import type { FeedShipment, FeedStop } from '../types.js'

/** The longest run the simulator believes: coast to coast and back with room to spare. */
export const MAX_DISTANCE_MILES = 10_000

const finite = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max

function stopProblem(name: string, stop: FeedStop | undefined): string | null {
  if (!stop || !finite(stop.lat, -90, 90) || !finite(stop.lng, -180, 180)) {
    return `${name} needs a latitude and a longitude`
  }
  return null
}

/** What makes a shipment impossible to follow; null when it can be. */
export function shipmentProblem(shipment: FeedShipment): string | null {
  if (typeof shipment.id !== 'string' || shipment.id.trim() === '') return 'id is required'
  const stop =
    stopProblem('origin', shipment.origin) ?? stopProblem('destination', shipment.destination)
  if (stop) return stop
  if (!finite(shipment.distanceMiles, Number.MIN_VALUE, MAX_DISTANCE_MILES)) {
    return `distanceMiles must be above 0 and at most ${MAX_DISTANCE_MILES}`
  }
  if (typeof shipment.pickupAt !== 'string' || Number.isNaN(Date.parse(shipment.pickupAt))) {
    return 'pickupAt must be an ISO 8601 time'
  }
  if (!['TL', 'LTL', 'EXP'].includes(shipment.mode)) return 'mode must be TL, LTL or EXP'
  return null
}
