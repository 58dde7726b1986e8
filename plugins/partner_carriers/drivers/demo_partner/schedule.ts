/**
 * The demo partner's tracking timeline, derived from the shipment alone so every call gives
 * the same events with the same ids. From the pickup window's start:
 *   PUP  +2 h, at the origin
 *   DEP  PUP +3 h (loaded at the origin terminal), at the origin
 *   ARR  DEP + rate_quoting's etaHours for the road miles and mode (hours of service)
 *   OFD  ARR +3 h, DEL OFD +2 h, at the destination
 * One shipment in ten (by its id) meets weather: DLY halfway through the line haul, and
 * ARR, OFD and DEL come 6 h later.
 */
import { createHash } from 'node:crypto'
import { etaHours } from '../../../rate_quoting/main.js'
import type { ShipmentMode } from '../../types.js'
import { DEMO_PARTNER_CODES, type DemoPartnerCode } from './codes.js'

export const OFFSET_HOURS = { pickup: 2, depart: 3, outForDelivery: 3, delivered: 2, delay: 6 }

export type SchedulePoint = { lat: number; lng: number; city?: string; state?: string }

export type ScheduleShipment = {
  id: string
  windowStart: Date
  origin: Required<SchedulePoint>
  destination: Required<SchedulePoint>
  mode: ShipmentMode
}

export type ScheduledEvent = {
  id: string
  code: DemoPartnerCode
  description: string
  at: Date
  location: SchedulePoint
}

const EARTH_RADIUS_MILES = 3958.8
/** Roads are not straight: the app's usual US circuity factor. */
const CIRCUITY = 1.2
const rad = (deg: number) => (deg * Math.PI) / 180

/** Estimated road miles: great-circle distance times the circuity factor. */
export function roadMiles(a: SchedulePoint, b: SchedulePoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
  return Math.round(miles * CIRCUITY * 10) / 10
}

export function isDelayed(shipmentId: string): boolean {
  return createHash('sha256').update(shipmentId).digest()[0] % 10 === 0
}

const plusHours = (at: Date, hours: number) => new Date(at.getTime() + hours * 3_600_000)

/** When the driver picks the freight up; a cancellation must come before it. */
export function pickupTime(windowStart: Date): Date {
  return plusHours(windowStart, OFFSET_HOURS.pickup)
}

export function schedule(shipment: ScheduleShipment): ScheduledEvent[] {
  const { origin, destination } = shipment
  const event = (code: DemoPartnerCode, at: Date, location: SchedulePoint): ScheduledEvent => ({
    id: `${shipment.id}-${code}`,
    code,
    description: DEMO_PARTNER_CODES[code],
    at,
    location,
  })
  const pickedUp = pickupTime(shipment.windowStart)
  const departed = plusHours(pickedUp, OFFSET_HOURS.depart)
  const lineHaul = etaHours(roadMiles(origin, destination), shipment.mode)
  const events = [event('PUP', pickedUp, origin), event('DEP', departed, origin)]
  let delay = 0
  if (isDelayed(shipment.id)) {
    const halfway = {
      lat: (origin.lat + destination.lat) / 2,
      lng: (origin.lng + destination.lng) / 2,
    }
    events.push(event('DLY', plusHours(departed, lineHaul / 2), halfway))
    delay = OFFSET_HOURS.delay
  }
  const arrived = plusHours(departed, lineHaul + delay)
  const outForDelivery = plusHours(arrived, OFFSET_HOURS.outForDelivery)
  events.push(
    event('ARR', arrived, destination),
    event('OFD', outForDelivery, destination),
    event('DEL', plusHours(outForDelivery, OFFSET_HOURS.delivered), destination)
  )
  return events
}
