/**
 * The simulated partner carrier: an in-process stand-in for a partner's HTTP API that the
 * demo_partner driver talks to through the same request/response shapes a real transport
 * carries. It behaves like a real API: latency, occasional failures, idempotency keys, a BOL
 * that takes a while, and tracking that follows the caller's clock.
 *
 * - Latency: each answer waits a time drawn from `latencyMs` ([20, 80] by default).
 * - Failures: a share `failureRate` (5 % by default) of requests fails, drawn from a generator
 *   seeded with `seed`, so a run repeats exactly. Half fail before doing anything (503), half
 *   after doing it (504, the answer is lost): a retry with the same Idempotency-Key then gets
 *   the shipment the lost answer made.
 * - Idempotency: a POST's key and body are kept with its answer; the same key and body get the
 *   same answer, another body a 409. This memory lives in the process (a real partner keeps it
 *   on its servers), so a restart forgets demo shipments.
 * - BOL: the first `bolPendingFetches` fetches answer 202 PROCESSING, later ones the PDF.
 * - Tracking: the timeline of ./schedule.ts, up to the time in X-Demo-Clock.
 */
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { DateTime } from 'luxon'
import type { PartnerHttpRequest, PartnerHttpResponse } from '../http.js'
import type { DemoBookRequestJson, DemoEventJson, DemoShipmentJson } from './mapper.js'
import { demoBol } from './bol_pdf.js'
import { DEMO_PARTNER_CODES } from './codes.js'
import { proNumber } from './pro_number.js'
import { pickupTime, schedule, type ScheduledEvent } from './schedule.js'
import { timeZoneOf } from './time_zones.js'
import { bookProblem, EXPIRED_QUOTE_SUFFIX } from './validation.js'

export type DemoPartnerServerOptions = {
  /** each answer takes a time drawn from [min, max] ms; [0, 0] answers at once */
  latencyMs?: [number, number]
  /** the share of requests that fail (0 to 1) */
  failureRate?: number
  seed?: number
  /** how many BOL fetches answer "processing" before the document is ready */
  bolPendingFetches?: number
  bolRetryAfterSeconds?: number
  /** the PRO number is appended to it */
  trackingBaseUrl?: string
}

export const DEMO_PARTNER_DEFAULTS: Required<DemoPartnerServerOptions> = {
  latencyMs: [20, 80],
  failureRate: 0.05,
  seed: 1,
  bolPendingFetches: 1,
  bolRetryAfterSeconds: 30,
  trackingBaseUrl: 'https://track.demo-partner.test/pro/',
}

/** The pickup window the demo partner offers, in the origin's local time. */
export const PICKUP_WINDOW = { startHour: 9, endHour: 17 }

/** mulberry32: a small seeded generator, so the same seed gives the same failures. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Stored = {
  shipment: DemoShipmentJson
  request: DemoBookRequestJson
  windowStart: Date
  events: ScheduledEvent[]
  bolFetches: number
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const digits = (hex: string, count: number) =>
  String(BigInt(`0x${hex}`) % 10n ** BigInt(count)).padStart(count, '0')

function reply(status: number, json: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  }
}

const error = (status: number, code: string, message: string, headers = {}) =>
  reply(status, { error: { code, message } }, headers)

function clockOf(request: PartnerHttpRequest): Date | null {
  const at = new Date(request.headers['x-demo-clock'] ?? '')
  return Number.isNaN(at.getTime()) ? null : at
}

export class DemoPartnerServer {
  #options: Required<DemoPartnerServerOptions>
  #faults: () => number
  #delays: () => number
  #shipments = new Map<string, Stored>()
  #replies = new Map<string, { fingerprint: string; response: PartnerHttpResponse }>()
  #proNumbers = new Set<string>()

  constructor(options: DemoPartnerServerOptions = {}) {
    this.#options = { ...DEMO_PARTNER_DEFAULTS, ...options }
    this.#faults = seededRandom(this.#options.seed)
    this.#delays = seededRandom(this.#options.seed + 1)
  }

  /** How many shipments the partner holds: proves a retried booking made only one. */
  get shipmentCount() {
    return this.#shipments.size
  }

  async handle(request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
    const [min, max] = this.#options.latencyMs
    if (max > 0) await sleep(min + this.#delays() * (max - min))
    const fault = this.#fault()
    if (fault === 'before') {
      return error(503, 'service_unavailable', 'The partner is briefly unavailable', {
        'retry-after': '1',
      })
    }
    const response = this.#route(request)
    if (fault === 'after') return error(504, 'gateway_timeout', 'The partner took too long')
    return response
  }

  #fault(): 'before' | 'after' | null {
    if (this.#options.failureRate <= 0 || this.#faults() >= this.#options.failureRate) return null
    return this.#faults() < 0.5 ? 'before' : 'after'
  }

  #route(request: PartnerHttpRequest): PartnerHttpResponse {
    if (request.path === '/v1/shipments' && request.method === 'POST') {
      return this.#idempotent(request, () => this.#book(request))
    }
    const match = /^\/v1\/shipments\/([^/]+)\/(cancel|documents\/bol|events)$/.exec(request.path)
    if (!match) return error(404, 'route_not_found', `No route ${request.path}`)
    const id = decodeURIComponent(match[1])
    const route = `${request.method} ${match[2]}`
    if (route === 'POST cancel') return this.#idempotent(request, () => this.#cancel(id, request))
    if (route === 'GET documents/bol') return this.#bol(id)
    if (route === 'GET events') return this.#events(id, request)
    return error(405, 'method_not_allowed', `${request.method} is not allowed here`)
  }

  #idempotent(request: PartnerHttpRequest, run: () => PartnerHttpResponse) {
    const key = request.headers['idempotency-key']
    if (!key || key.length > 255) {
      return error(400, 'idempotency_key_required', 'An Idempotency-Key header is required')
    }
    const slot = `${request.path} ${key}`
    const fingerprint = sha256(request.body ?? '')
    const earlier = this.#replies.get(slot)
    if (earlier) {
      if (earlier.fingerprint === fingerprint) return earlier.response
      return error(409, 'idempotency_key_reused', 'This Idempotency-Key came with another request')
    }
    const response = run()
    this.#replies.set(slot, { fingerprint, response })
    return response
  }

  #book(request: PartnerHttpRequest): PartnerHttpResponse {
    let body: unknown
    try {
      body = JSON.parse(request.body ?? '')
    } catch {
      return error(400, 'invalid_json', 'The body is not JSON')
    }
    const problem = bookProblem(body)
    if (problem) return error(422, 'validation_error', problem)
    const input = body as DemoBookRequestJson
    if (input.quote_id.endsWith(EXPIRED_QUOTE_SUFFIX)) {
      return error(410, 'quote_expired', `Quote ${input.quote_id} has expired; quote again`)
    }
    // Ids follow from the key, so a seeded demo run books the same numbers every time.
    const digest = sha256(request.headers['idempotency-key'])
    const id = `dps_${digest.slice(0, 20)}`
    const pro = this.#newPro(digest)
    const zone = timeZoneOf(input.pickup.location.region)!
    const start = DateTime.fromISO(input.pickup.date, { zone }).set({
      hour: PICKUP_WINDOW.startHour,
    })
    const iso = (at: DateTime) => at.toISO({ suppressMilliseconds: true })!
    const shipment: DemoShipmentJson = {
      id,
      status: 'BOOKED',
      pro_number: pro,
      tracking_url: `${this.#options.trackingBaseUrl}${pro}`,
      pickup: {
        confirmation_number: `PU${digits(digest.slice(36, 48), 7)}`,
        window: { start: iso(start), end: iso(start.set({ hour: PICKUP_WINDOW.endHour })) },
      },
      cancelled_at: null,
    }
    const point = (l: DemoBookRequestJson['pickup']['location']) => ({
      lat: l.latitude,
      lng: l.longitude,
      city: l.city,
      state: l.region,
    })
    const windowStart = start.toJSDate()
    const events = schedule({
      id,
      windowStart,
      origin: point(input.pickup.location),
      destination: point(input.delivery.location),
      mode: input.service,
    })
    this.#shipments.set(id, { shipment, request: input, windowStart, events, bolFetches: 0 })
    return reply(201, { shipment })
  }

  #newPro(digest: string): string {
    let serial = Number(BigInt(`0x${digest.slice(20, 36)}`) % 1_000_000_000n)
    while (this.#proNumbers.has(proNumber(serial))) serial = (serial + 1) % 1_000_000_000
    const pro = proNumber(serial)
    this.#proNumbers.add(pro)
    return pro
  }

  #cancel(id: string, request: PartnerHttpRequest): PartnerHttpResponse {
    const stored = this.#shipments.get(id)
    if (!stored) return error(404, 'shipment_not_found', `No shipment ${id}`)
    const now = clockOf(request)
    if (!now) return error(400, 'clock_required', 'X-Demo-Clock must be an ISO 8601 time')
    if (stored.shipment.status === 'CANCELLED') return reply(200, { shipment: stored.shipment })
    const pickedUp = pickupTime(stored.windowStart)
    if (now >= pickedUp) {
      return error(409, 'shipment_picked_up', `Picked up at ${pickedUp.toISOString()}; too late`)
    }
    stored.shipment = { ...stored.shipment, status: 'CANCELLED', cancelled_at: now.toISOString() }
    return reply(200, { shipment: stored.shipment })
  }

  #bol(id: string): PartnerHttpResponse {
    const stored = this.#shipments.get(id)
    if (!stored) return error(404, 'shipment_not_found', `No shipment ${id}`)
    if (stored.shipment.status === 'CANCELLED') {
      return error(409, 'shipment_cancelled', 'A cancelled shipment has no bill of lading')
    }
    stored.bolFetches += 1
    if (stored.bolFetches <= this.#options.bolPendingFetches) {
      return reply(
        202,
        { document: { type: 'BOL', status: 'PROCESSING' } },
        { 'retry-after': String(this.#options.bolRetryAfterSeconds) }
      )
    }
    const { number, pdf } = demoBol(stored.request, stored.shipment)
    return reply(200, {
      document: {
        type: 'BOL',
        status: 'READY',
        number,
        content_type: 'application/pdf',
        content_base64: Buffer.from(pdf).toString('base64'),
      },
    })
  }

  #events(id: string, request: PartnerHttpRequest): PartnerHttpResponse {
    const stored = this.#shipments.get(id)
    if (!stored) return error(404, 'shipment_not_found', `No shipment ${id}`)
    const now = clockOf(request)
    if (!now) return error(400, 'clock_required', 'X-Demo-Clock must be an ISO 8601 time')
    const cancelledAt = stored.shipment.cancelled_at ? new Date(stored.shipment.cancelled_at) : null
    const happened = stored.events.filter(
      (e) => e.at <= now && (!cancelledAt || e.at < cancelledAt)
    )
    const origin = stored.events[0].location
    if (cancelledAt && cancelledAt <= now) {
      const code = 'CAN'
      happened.push({
        id: `${id}-${code}`,
        code,
        description: DEMO_PARTNER_CODES[code],
        at: cancelledAt,
        location: origin,
      })
    }
    const events: DemoEventJson[] = happened.map((e) => ({
      id: e.id,
      status_code: e.code,
      status_description: e.description,
      occurred_at: e.at.toISOString(),
      location: {
        ...(e.location.city ? { city: e.location.city, region: e.location.state } : {}),
        latitude: e.location.lat,
        longitude: e.location.lng,
      },
    }))
    return reply(200, { shipment_id: id, pro_number: stored.shipment.pro_number, events })
  }
}
