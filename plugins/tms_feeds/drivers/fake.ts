/**
 * A generator for app tests: each shipment is picked up at its pickup time and delivered 48
 * hours later unless a test scripts its events; it records its calls and fails on demand.
 */
import { normaliseEvent } from '../normaliser.js'
import type { FeedEvent, FeedGenerator, FeedShipment, GenerateResult } from '../types.js'
import { shipmentProblem } from './shipment.js'

const HOUR = 3_600_000

export class FakeFeedGenerator implements FeedGenerator {
  readonly kind = 'generator'
  /** every call in order */
  readonly calls: { shipment: FeedShipment; now: Date }[] = []
  #scripted = new Map<string, { events: FeedEvent[]; eta: string | null }>()
  #failures: string[] = []

  /** The events (and ETA) a shipment has from now on, in place of the default two. */
  script(shipmentId: string, events: FeedEvent[], eta: string | null = null) {
    this.#scripted.set(shipmentId, { events, eta })
  }

  /** The next call answers `unavailable`, as a polling driver whose partner is down. */
  failNext(message = 'Fake feed: unavailable') {
    this.#failures.push(message)
  }

  async generate(shipment: FeedShipment, now: Date): Promise<GenerateResult> {
    this.calls.push({ shipment, now })
    const failure = this.#failures.shift()
    if (failure) return { ok: false, reason: 'unavailable', message: failure }
    const problem = shipmentProblem(shipment)
    if (problem) return { ok: false, reason: 'invalid_shipment', message: problem }
    const { events, eta } = this.#scripted.get(shipment.id) ?? this.#defaults(shipment)
    const happened = events
      .filter((event) => Date.parse(event.eventTime) <= now.getTime())
      .sort((a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime))
    return { ok: true, events: happened, eta }
  }

  #defaults(shipment: FeedShipment) {
    const pickedUp = Date.parse(shipment.pickupAt)
    const delivered = new Date(pickedUp + 48 * HOUR).toISOString()
    const event = (code: 'PICKED_UP' | 'DELIVERED', time: string, stop: FeedShipment['origin']) =>
      normaliseEvent({
        source: 'fake',
        sourceId: `${shipment.id}:${code}`,
        codeSet: 'simulator',
        code,
        time,
        location: {
          lat: stop.lat,
          lng: stop.lng,
          city: stop.city ?? null,
          state: stop.state ?? null,
        },
        raw: { code, time },
      })
    return {
      events: [
        event('PICKED_UP', new Date(pickedUp).toISOString(), shipment.origin),
        event('DELIVERED', delivered, shipment.destination),
      ],
      eta: delivered,
    }
  }
}
