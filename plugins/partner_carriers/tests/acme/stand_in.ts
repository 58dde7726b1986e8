/**
 * A local stand-in for "Acme LTL", a made-up partner whose API is nothing like the demo
 * partner's: pickups under /api/v2, its own status codes and clock, quote numbers it issued.
 * It answers the driver's requests as plain data (no socket), and tests steer it (`pickUp`,
 * `deliver`, `down`) the way a partner's sandbox is steered. docs/plugins.md, "Adding a
 * partner", is written so that this fixture follows it step by step.
 */
import { createHash } from 'node:crypto'
import type { PartnerHttpRequest, PartnerHttpResponse } from '../../main.js'

const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' '
  )
)

/** Acme's own milestone codes. */
export type AcmeStatus = 'PKD' | 'LNH' | 'DLV' | 'VOID'

type Pickup = {
  pickupId: string
  pro: string
  quoteNumber: string
  reference: string
  date: string
  key: string
  body: string
  events: { seq: number; status: AcmeStatus; at: string; city: string; st: string }[]
  voided: { key: string; at: string } | null
}

export type AcmePickupRecord = Readonly<Pickup>

const json = (status: number, body: unknown): PartnerHttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})
const fault = (status: number, kind: string, detail: string) =>
  json(status, { fault: { kind, detail } })

export class AcmeStandIn {
  readonly pickups = new Map<string, Pickup>()
  /** every quote number the rating side issued */
  readonly issuedQuotes = new Set<string>()
  private byKey = new Map<string, string>()
  private seq = 0

  /** Acme's quote numbers: `ACME-` and 12 hex digits of the request. */
  issueQuote(request: string): string {
    const number = `ACME-${createHash('sha256').update(request).digest('hex').slice(0, 12)}`
    this.issuedQuotes.add(number)
    return number
  }

  /** The carrier picks a pickup up, on Acme's own clock. */
  pickUp(pickupId: string, at = new Date()) {
    const pickup = this.pickups.get(pickupId)
    if (!pickup) throw new Error(`Acme has no pickup ${pickupId}`)
    this.event(pickup, 'PKD', new Date(at.getTime() - 1000))
    this.event(pickup, 'LNH', at)
  }

  deliver(pickupId: string, at = new Date()) {
    const pickup = this.pickups.get(pickupId)
    if (!pickup) throw new Error(`Acme has no pickup ${pickupId}`)
    this.event(pickup, 'DLV', at)
  }

  private event(pickup: Pickup, status: AcmeStatus, at: Date) {
    pickup.events.push({ seq: ++this.seq, status, at: at.toISOString(), city: '', st: '' })
  }

  async handle(request: PartnerHttpRequest): Promise<PartnerHttpResponse> {
    if (request.headers['x-acme-key'] !== 'acme-test-key') {
      return fault(401, 'auth', 'Unknown API key')
    }
    const route = request.path.match(/^\/api\/v2\/pickups(?:\/([^/]+)(?:\/(void|bol|status))?)?$/)
    if (!route) return fault(404, 'route', 'No such endpoint')
    const [, id, action] = route
    if (!id && request.method === 'POST') return this.book(request)
    const pickup = id ? this.pickups.get(id) : undefined
    if (!pickup) return fault(404, 'missing', `No pickup ${id}`)
    if (action === 'void' && request.method === 'POST') return this.void(pickup, request)
    if (action === 'bol') {
      return json(200, {
        bol: `BOL-${pickup.pro}`,
        pdfBase64: Buffer.from(
          `%PDF-1.4\n% Acme LTL bill of lading ${pickup.pro} for ${pickup.reference}\n%%EOF\n`
        ).toString('base64'),
      })
    }
    if (action === 'status') {
      const events = [...pickup.events]
      if (pickup.voided) {
        events.push({ seq: 0, status: 'VOID', at: pickup.voided.at, city: '', st: '' })
      }
      return json(200, { pickupId: pickup.pickupId, history: events })
    }
    return fault(404, 'route', 'No such endpoint')
  }

  private book(request: PartnerHttpRequest): PartnerHttpResponse {
    const key = request.headers['idempotency-key'] ?? ''
    if (!key) return fault(400, 'validation', 'Idempotency-Key is required')
    const earlier = this.byKey.get(key)
    if (earlier) {
      const pickup = this.pickups.get(earlier)!
      if (pickup.body !== request.body) {
        return fault(409, 'idempotency', 'Idempotency-Key reused with another request')
      }
      return json(201, this.answer(pickup))
    }
    const body = JSON.parse(request.body ?? 'null')
    const problem = this.problem(body)
    if (problem) return fault(400, 'validation', problem)
    if (String(body.quoteNumber).endsWith('-EXPIRED')) {
      return fault(410, 'quote_gone', 'The quote is no longer valid')
    }
    const n = this.pickups.size + 1
    const pickup: Pickup = {
      pickupId: `acme-pk-${n}`,
      pro: `AC${String(700000 + n)}`,
      quoteNumber: body.quoteNumber,
      reference: body.yourReference,
      date: body.shipDate,
      key,
      body: request.body ?? '',
      events: [],
      voided: null,
    }
    this.pickups.set(pickup.pickupId, pickup)
    this.byKey.set(key, pickup.pickupId)
    return json(201, this.answer(pickup))
  }

  private void(pickup: Pickup, request: PartnerHttpRequest): PartnerHttpResponse {
    const key = request.headers['idempotency-key'] ?? ''
    if (pickup.voided && pickup.voided.key === key) {
      return json(200, { pickupId: pickup.pickupId, voidedAt: pickup.voided.at })
    }
    if (pickup.events.length > 0) return fault(409, 'too_late', 'The freight is picked up')
    if (pickup.voided) return fault(409, 'too_late', 'The pickup is already void')
    pickup.voided = { key, at: new Date().toISOString() }
    return json(200, { pickupId: pickup.pickupId, voidedAt: pickup.voided.at })
  }

  private answer(pickup: Pickup) {
    return {
      pickupId: pickup.pickupId,
      pro: pickup.pro,
      confirmation: `ACK${pickup.pickupId.replace(/\D/g, '')}`,
      track: `https://track.acme-ltl.example/${pickup.pro}`,
      window: { from: `${pickup.date}T08:00:00-05:00`, to: `${pickup.date}T16:00:00-05:00` },
    }
  }

  private problem(body: Record<string, unknown> | null): string | null {
    if (!body || typeof body !== 'object') return 'A JSON body is required'
    if (typeof body.quoteNumber !== 'string' || !body.quoteNumber) return 'quoteNumber'
    if (typeof body.yourReference !== 'string' || !body.yourReference) return 'yourReference'
    if (typeof body.shipDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.shipDate)) {
      return 'shipDate'
    }
    if (!Number.isInteger(body.pallets) || (body.pallets as number) < 1) return 'pallets'
    if (typeof body.lbs !== 'number' || body.lbs <= 0) return 'lbs'
    for (const end of ['from', 'to'] as const) {
      const stop = body[end] as Record<string, unknown> | undefined
      if (!stop || typeof stop.zip !== 'string' || !/^\d{5}$/.test(stop.zip)) return `${end}.zip`
      if (typeof stop.st !== 'string' || !STATES.has(stop.st)) return `${end}.st`
    }
    return null
  }
}
