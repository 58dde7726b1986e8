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
 *   same answer, another body a 409. What the partner knows lives in its `state`: this
 *   process's memory by default (a restart forgets demo shipments), or a store shared by every
 *   instance (./state.ts), as a real partner's servers are.
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
import { MemoryDemoPartnerState, type DemoPartnerState } from './state.js'

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
  /** where shipments and answers are kept; this process's memory when absent */
  state?: DemoPartnerState
}

export const DEMO_PARTNER_DEFAULTS: Required<Omit<DemoPartnerServerOptions, 'state'>> = {
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

type Reply = { fingerprint: string; response: PartnerHttpResponse }

const SHIPMENT = 'shipment:'

/** A stored shipment read back: its times are Dates again. */
function revive(json: string): Stored {
  const stored = JSON.parse(json)
  return {
    ...stored,
    windowStart: new Date(stored.windowStart),
    events: stored.events.map((e: ScheduledEvent) => ({ ...e, at: new Date(e.at) })),
  }
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
  #options: Required<Omit<DemoPartnerServerOptions, 'state'>>
  #state: DemoPartnerState
  #faults: () => number
  #delays: () => number

  constructor({ state, ...options }: DemoPartnerServerOptions = {}) {
    this.#options = { ...DEMO_PARTNER_DEFAULTS, ...options }
    this.#state = state ?? new MemoryDemoPartnerState()
    this.#faults = seededRandom(this.#options.seed)
    this.#delays = seededRandom(this.#options.seed + 1)
  }

  /** How many shipments the partner holds (its own memory): proves a retry made only one. */
  get shipmentCount() {
    const state = this.#state
    return state instanceof MemoryDemoPartnerState ? state.count(SHIPMENT) : Number.NaN
  }

  async #shipment(id: string): Promise<Stored | null> {
    const json = await this.#state.get(`${SHIPMENT}${id}`)
    return json === null ? null : revive(json)
  }

  #save(stored: Stored) {
    return this.#state.set(`${SHIPMENT}${stored.shipment.id}`, JSON.stringify(stored))
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
    const response = await this.#route(request)
    if (fault === 'after') return error(504, 'gateway_timeout', 'The partner took too long')
    return response
  }

  #fault(): 'before' | 'after' | null {
    if (this.#options.failureRate <= 0 || this.#faults() >= this.#options.failureRate) return null
    return this.#faults() < 0.5 ? 'before' : 'after'
  }

  async #route(request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
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

  async #idempotent(request: PartnerHttpRequest, run: () => Promise<PartnerHttpResponse>) {
    const key = request.headers['idempotency-key']
    if (!key || key.length > 255) {
      return error(400, 'idempotency_key_required', 'An Idempotency-Key header is required')
    }
    const slot = `reply:${request.path} ${key}`
    const fingerprint = sha256(request.body ?? '')
    const replay = (earlier: Reply) =>
      earlier.fingerprint === fingerprint
        ? earlier.response
        : error(409, 'idempotency_key_reused', 'This Idempotency-Key came with another request')
    const earlier = await this.#state.get(slot)
    if (earlier !== null) return replay(JSON.parse(earlier))
    const response = await run()
    // Another caller with the same key may have answered meanwhile: the first answer stands.
    if (await this.#state.add(slot, JSON.stringify({ fingerprint, response }))) return response
    return replay(JSON.parse((await this.#state.get(slot))!))
  }

  async #book(request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
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
    const made = await this.#shipment(id)
    if (made) return reply(201, { shipment: made.shipment })
    const pro = await this.#newPro(digest, id)
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
    const stored = { shipment, request: input, windowStart, events, bolFetches: 0 }
    // The same key booked at once elsewhere made the same shipment id: the first one stands.
    if (!(await this.#state.add(`${SHIPMENT}${id}`, JSON.stringify(stored)))) {
      return reply(201, { shipment: (await this.#shipment(id))!.shipment })
    }
    return reply(201, { shipment })
  }

  async #newPro(digest: string, id: string): Promise<string> {
    let serial = Number(BigInt(`0x${digest.slice(20, 36)}`) % 1_000_000_000n)
    while (!(await this.#state.add(`pro:${proNumber(serial)}`, id))) {
      serial = (serial + 1) % 1_000_000_000
    }
    return proNumber(serial)
  }

  async #cancel(id: string, request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
    const stored = await this.#shipment(id)
    if (!stored) return error(404, 'shipment_not_found', `No shipment ${id}`)
    const now = clockOf(request)
    if (!now) return error(400, 'clock_required', 'X-Demo-Clock must be an ISO 8601 time')
    if (stored.shipment.status === 'CANCELLED') return reply(200, { shipment: stored.shipment })
    const pickedUp = pickupTime(stored.windowStart)
    if (now >= pickedUp) {
      return error(409, 'shipment_picked_up', `Picked up at ${pickedUp.toISOString()}; too late`)
    }
    stored.shipment = { ...stored.shipment, status: 'CANCELLED', cancelled_at: now.toISOString() }
    await this.#save(stored)
    return reply(200, { shipment: stored.shipment })
  }

  async #bol(id: string): Promise<PartnerHttpResponse> {
    const stored = await this.#shipment(id)
    if (!stored) return error(404, 'shipment_not_found', `No shipment ${id}`)
    if (stored.shipment.status === 'CANCELLED') {
      return error(409, 'shipment_cancelled', 'A cancelled shipment has no bill of lading')
    }
    stored.bolFetches += 1
    await this.#save(stored)
    if (stored.bolFetches <= this.#options.bolPendingFetches) {
      return reply(
        202,
        { document: { type: 'BOL', status: 'PROCESSING' } },
        { 'retry-after': String(this.#options.bolRetryAfterSeconds) }
      )
    }
    const { number, pdf } = await demoBol(stored.request, stored.shipment)
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

  async #events(id: string, request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
    const stored = await this.#shipment(id)
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
