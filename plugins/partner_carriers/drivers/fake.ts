/**
 * An in-memory partner for app tests: books at once, records every call, and fails or hangs on
 * demand so a test can prove what the app does when the partner is down, slow or refuses.
 * Bookings are refused by the demo partner's own validation rules, so both agree.
 */
import type {
  BolDocument,
  BookedShipment,
  BookInput,
  CancelledShipment,
  PartnerCarrierDriver,
  PartnerCarrierError,
  PartnerCarrierErrorCode,
  PartnerMilestone,
  PartnerResult,
  Tracking,
} from '../types.js'
import { failure } from './http.js'
import { freightLines, renderPdf } from './demo_partner/bol_pdf.js'
import { DEMO_PARTNER_CODES } from './demo_partner/codes.js'
import { bookBody } from './demo_partner/mapper.js'
import { proNumber } from './demo_partner/pro_number.js'
import { bookProblem, EXPIRED_QUOTE_SUFFIX } from './demo_partner/validation.js'

export type FakePartnerMethod = 'book' | 'cancel' | 'fetchBol' | 'track'

type Planned = {
  code: PartnerCarrierErrorCode
  retryAfterSeconds: number | null
  message: string
  times: number
}

type FakeShipment = {
  booked: BookedShipment
  input: BookInput
  pickedUpAt: Date
  cancelledAt: string | null
  bolFetches: number
  scripted: PartnerMilestone[] | null
}

const HOUR = 3_600_000

export class FakePartnerCarrier implements PartnerCarrierDriver {
  readonly provider = 'fake'
  readonly displayName = 'Fake partner carrier'
  /** every call in order, with its arguments */
  readonly calls: { method: FakePartnerMethod; args: unknown[] }[] = []
  #failures = new Map<FakePartnerMethod, Planned[]>()
  #hangs = new Map<FakePartnerMethod, number>()
  #waiting: (() => void)[] = []
  #shipments = new Map<string, FakeShipment>()
  #keys = new Map<string, { fingerprint: string; id: string }>()

  /** `bolPendingFetches`: fetches answered "pending" before the BOL is ready (default 1). */
  constructor(private options: { bolPendingFetches?: number } = {}) {}

  /** The next `times` calls of `method` fail with `code` (Infinity: until the test ends). */
  failNext(
    method: FakePartnerMethod,
    code: PartnerCarrierErrorCode,
    options: { times?: number; retryAfterSeconds?: number; message?: string } = {}
  ) {
    const queue = this.#failures.get(method) ?? []
    queue.push({
      code,
      times: options.times ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? (code === 'rate_limited' ? 1 : null),
      message: options.message ?? `Fake partner: ${code}`,
    })
    this.#failures.set(method, queue)
  }

  /** The next `times` calls of `method` wait until releaseHangs(): tests the app's timeouts. */
  hangNext(method: FakePartnerMethod, times = 1) {
    this.#hangs.set(method, (this.#hangs.get(method) ?? 0) + times)
  }

  /** Lets every hung call go on and do its work. */
  releaseHangs() {
    for (const resolve of this.#waiting.splice(0)) resolve()
  }

  /** Replaces a shipment's tracking; by default it is picked up and delivered 48 h later. */
  setTracking(partnerShipmentId: string, events: PartnerMilestone[]) {
    const shipment = this.#shipments.get(partnerShipmentId)
    if (!shipment) throw new Error(`The fake partner has no shipment ${partnerShipmentId}`)
    shipment.scripted = events
  }

  async #enter(method: FakePartnerMethod, args: unknown[]): Promise<PartnerCarrierError | null> {
    this.calls.push({ method, args })
    const hangs = this.#hangs.get(method) ?? 0
    if (hangs > 0) {
      this.#hangs.set(method, hangs - 1)
      await new Promise<void>((resolve) => this.#waiting.push(resolve))
    }
    const queue = this.#failures.get(method) ?? []
    const planned = queue[0]
    if (!planned) return null
    planned.times -= 1
    if (planned.times <= 0) queue.shift()
    return failure(planned.code, planned.message, planned.retryAfterSeconds)
  }

  #find(id: string) {
    return this.#shipments.get(id) ?? null
  }

  async book(input: BookInput): Promise<PartnerResult<BookedShipment>> {
    const planned = await this.#enter('book', [input])
    if (planned) return planned
    const body = bookBody(input)
    const problem = bookProblem(body)
    if (problem) return failure('invalid_request', problem)
    const key = input.idempotencyKey
    if (!key || key.length > 255) return failure('invalid_request', 'An idempotency key is needed')
    if (input.partnerQuoteId.endsWith(EXPIRED_QUOTE_SUFFIX)) {
      return failure('quote_expired', `Quote ${input.partnerQuoteId} has expired`)
    }
    const fingerprint = JSON.stringify(body)
    const earlier = this.#keys.get(key)
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return failure('invalid_request', 'This idempotency key came with another request')
      }
      return { ok: true, ...this.#find(earlier.id)!.booked }
    }
    const n = this.#shipments.size + 1
    const id = `fake_shp_${n}`
    const pro = proNumber(700_000_000 + n)
    const windowStart = new Date(`${input.pickupDate}T09:00:00Z`)
    const booked: BookedShipment = {
      partnerShipmentId: id,
      proNumber: pro,
      trackingUrl: `https://fake-partner.test/track/${pro}`,
      pickupWindowStart: windowStart.toISOString(),
      pickupWindowEnd: new Date(windowStart.getTime() + 8 * HOUR).toISOString(),
      confirmationNumber: `FAKE${n}`,
      raw: { fake: true, id, pro },
    }
    const pickedUpAt = new Date(windowStart.getTime() + 2 * HOUR)
    this.#shipments.set(id, {
      booked,
      input,
      pickedUpAt,
      cancelledAt: null,
      bolFetches: 0,
      scripted: null,
    })
    this.#keys.set(key, { fingerprint, id })
    return { ok: true, ...booked }
  }

  async cancel(id: string, key: string, now: Date): Promise<PartnerResult<CancelledShipment>> {
    const planned = await this.#enter('cancel', [id, key, now])
    if (planned) return planned
    const shipment = this.#find(id)
    if (!shipment) return failure('not_found', `No shipment ${id}`)
    if (!key) return failure('invalid_request', 'An idempotency key is needed')
    if (!shipment.cancelledAt) {
      if (now >= shipment.pickedUpAt) return failure('invalid_request', 'Already picked up')
      shipment.cancelledAt = now.toISOString()
    }
    const raw = { fake: true, id, cancelledAt: shipment.cancelledAt }
    return { ok: true, partnerShipmentId: id, cancelledAt: shipment.cancelledAt, raw }
  }

  async fetchBol(id: string): Promise<PartnerResult<BolDocument>> {
    const planned = await this.#enter('fetchBol', [id])
    if (planned) return planned
    const shipment = this.#find(id)
    if (!shipment) return failure('not_found', `No shipment ${id}`)
    if (shipment.cancelledAt) return failure('invalid_request', 'The shipment was cancelled')
    shipment.bolFetches += 1
    if (shipment.bolFetches <= (this.options.bolPendingFetches ?? 1)) {
      return { ok: true, status: 'pending', retryAfterSeconds: 30 }
    }
    const bolNumber = `FAKEBOL${shipment.booked.proNumber}`
    const pdf = await renderPdf('Bill of Lading (fake partner)', [
      `BOL number: ${bolNumber}`,
      `PRO number: ${shipment.booked.proNumber}`,
      `Shipper reference: ${shipment.input.shipperReference}`,
      ...freightLines(bookBody(shipment.input)),
    ])
    return { ok: true, status: 'ready', bolNumber, pdf }
  }

  async track(id: string, now: Date): Promise<PartnerResult<Tracking>> {
    const planned = await this.#enter('track', [id, now])
    if (planned) return planned
    const shipment = this.#find(id)
    if (!shipment) return failure('not_found', `No shipment ${id}`)
    const { origin, destination } = shipment.input
    const at = (stop: typeof origin) => ({
      lat: stop.lat,
      lng: stop.lng,
      city: stop.city,
      state: stop.state,
    })
    const pickedUp = shipment.pickedUpAt.getTime()
    const plan: PartnerMilestone[] = shipment.scripted ?? [
      {
        eventId: `${id}-PUP`,
        code: 'PUP',
        type: 'PU',
        description: DEMO_PARTNER_CODES.PUP,
        eventTime: new Date(pickedUp).toISOString(),
        ...at(origin),
      },
      {
        eventId: `${id}-DEL`,
        code: 'DEL',
        type: 'DELIVERED',
        description: DEMO_PARTNER_CODES.DEL,
        eventTime: new Date(pickedUp + 48 * HOUR).toISOString(),
        ...at(destination),
      },
    ]
    const cancelledAt = shipment.cancelledAt
    const events = plan.filter(
      (e) =>
        new Date(e.eventTime) <= now &&
        (!cancelledAt || new Date(e.eventTime) < new Date(cancelledAt))
    )
    if (cancelledAt && new Date(cancelledAt) <= now) {
      const code = 'CAN'
      events.push({
        eventId: `${id}-${code}`,
        code,
        type: 'OTHER',
        description: DEMO_PARTNER_CODES[code],
        eventTime: cancelledAt,
        ...at(origin),
      })
    }
    return {
      ok: true,
      events: events.sort((a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime)),
    }
  }
}
