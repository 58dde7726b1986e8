/**
 * The simulator: a shipment's milestones computed from its facts and the clock, so the TMS
 * screens move without any partner. Times follow hours of service at rate_quoting's average
 * speeds (decision 0065). From the pickup time t0:
 *
 *            PU   LINEHAUL_DEPART   drive (HOS)   LINEHAUL_ARRIVE   OFD         DELIVERED
 *   LTL      t0   t0 + 12 h         11 h on,      end of drive      ARR + 10 h  ARR + 12 h
 *   TL, EXP  t0   t0 + 0.5 h        10 h off      end of drive      ARR + 0.5 h ARR + 1.5 h
 *
 * LTL's 24 h of terminal handling splits between the two terminals, so its delivery is
 * exactly rate_quoting's etaHours; a truckload adds 2 h of loading and unloading to it. While
 * driving, a position (IN_TRANSIT) every `positionEveryHours` lies on the great circle at the
 * share of road miles driven. Event ids are `sim:<shipment id>:<code>[:<n>]`, so a re-run
 * yields the same ids; changing `positionEveryHours` renumbers the positions.
 */
import { REST_HOURS, SPEED_MPH } from '../../rate_quoting/main.js'
import { normaliseEvent, type SimulatorCode } from '../normaliser.js'
import type { FeedEvent, FeedGenerator, FeedShipment, FeedStop, GenerateResult } from '../types.js'
import { hosProgress, interpolate, restBreaks } from './route.js'
import { shipmentProblem } from './shipment.js'

export type SimulatorOptions = {
  /** hours between two position reports while the truck is on the road */
  positionEveryHours?: number
}

/** Hours from pickup to departure and from arrival to the last two milestones, by mode. */
export const DWELL_HOURS: Record<
  FeedShipment['mode'],
  { depart: number; outForDelivery: number; delivered: number }
> = {
  LTL: { depart: 12, outForDelivery: 10, delivered: 12 },
  TL: { depart: 0.5, outForDelivery: 0.5, delivered: 1.5 },
  EXP: { depart: 0.5, outForDelivery: 0.5, delivered: 1.5 },
}

const HOUR = 3_600_000
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places

type Position = { milesDriven: number; milesToGo: number; resting: boolean }
type Planned = { code: SimulatorCode; at: number; stop: FeedStop; n?: number; extra?: Position }

/** Every event the shipment will have, in time order, and its delivery time. */
export function plan(shipment: FeedShipment, positionEveryHours: number) {
  const dwell = DWELL_HOURS[shipment.mode]
  const teams = shipment.mode === 'EXP'
  const driving = shipment.distanceMiles / SPEED_MPH[shipment.mode]
  const onRoad = driving + restBreaks(driving, teams) * REST_HOURS
  const pickedUp = Date.parse(shipment.pickupAt)
  const departed = pickedUp + dwell.depart * HOUR
  const arrived = departed + onRoad * HOUR
  const events: Planned[] = [
    { code: 'PICKED_UP', at: pickedUp, stop: shipment.origin },
    { code: 'DEPARTED', at: departed, stop: shipment.origin },
  ]
  for (let n = 1; n * positionEveryHours < onRoad; n++) {
    const { driven, resting } = hosProgress(n * positionEveryHours, driving, teams)
    const share = driven / driving
    events.push({
      code: 'POSITION',
      at: departed + n * positionEveryHours * HOUR,
      stop: interpolate(shipment.origin, shipment.destination, share),
      n,
      extra: {
        milesDriven: round(share * shipment.distanceMiles, 1),
        milesToGo: round((1 - share) * shipment.distanceMiles, 1),
        resting,
      },
    })
  }
  events.push(
    { code: 'ARRIVED', at: arrived, stop: shipment.destination },
    {
      code: 'OUT_FOR_DELIVERY',
      at: arrived + dwell.outForDelivery * HOUR,
      stop: shipment.destination,
    },
    { code: 'DELIVERED', at: arrived + dwell.delivered * HOUR, stop: shipment.destination }
  )
  return { events, deliveredAt: arrived + dwell.delivered * HOUR }
}

function toFeedEvent(shipment: FeedShipment, planned: Planned): FeedEvent {
  const time = new Date(planned.at).toISOString()
  const location = {
    lat: planned.stop.lat,
    lng: planned.stop.lng,
    city: planned.stop.city ?? null,
    state: planned.stop.state ?? null,
  }
  const resting = planned.extra?.resting ?? false
  // A truckload has no terminal: it arrives at the consignee's.
  const truckload = planned.code === 'ARRIVED' && shipment.mode !== 'LTL'
  return normaliseEvent({
    source: 'sim',
    sourceId: [shipment.id, planned.code, planned.n].filter((p) => p !== undefined).join(':'),
    codeSet: 'simulator',
    code: planned.code,
    description: resting
      ? 'Stopped for the 10-hour break (hours of service)'
      : truckload
        ? 'Arrived at the consignee'
        : null,
    time,
    location,
    raw: { code: planned.code, time, lat: location.lat, lng: location.lng, ...planned.extra },
  })
}

export class SimulatorFeedDriver implements FeedGenerator {
  readonly kind = 'generator'
  private positionEveryHours: number

  constructor(options: SimulatorOptions = {}) {
    this.positionEveryHours = options.positionEveryHours ?? 2
    if (!(this.positionEveryHours > 0)) throw new RangeError('positionEveryHours must be above 0')
  }

  async generate(shipment: FeedShipment, now: Date): Promise<GenerateResult> {
    const problem = shipmentProblem(shipment)
    if (problem) return { ok: false, reason: 'invalid_shipment', message: problem }
    const { events, deliveredAt } = plan(shipment, this.positionEveryHours)
    return {
      ok: true,
      events: events.filter((e) => e.at <= now.getTime()).map((e) => toFeedEvent(shipment, e)),
      eta: new Date(deliveredAt).toISOString(),
    }
  }
}
