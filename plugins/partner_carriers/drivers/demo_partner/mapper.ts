/**
 * Pure mapping between the partner carriers contract and the demo partner's JSON API (karrio's
 * split): requests out, responses and errors in. No transport and no state: tested on JSON
 * fixtures. A real partner's driver writes its own mapper of this shape.
 *
 * The API: POST /v1/shipments, POST /v1/shipments/{id}/cancel (both with Idempotency-Key),
 * GET /v1/shipments/{id}/documents/bol, GET /v1/shipments/{id}/events; errors are
 * `{ error: { code, message } }`. The simulated partner has no clock of its own, so calls that
 * depend on time carry the caller's in `X-Demo-Clock`.
 */
import type {
  BolDocument,
  BookedShipment,
  BookInput,
  CancelledShipment,
  PartnerMilestone,
  PartnerResult,
  PartnerStop,
  ShipmentMode,
  Tracking,
} from '../../types.js'
import { demoMilestoneType } from './codes.js'
import { failure, retryAfter, type PartnerHttpRequest, type PartnerHttpResponse } from '../http.js'

export type DemoLocationJson = {
  postal_code: string
  city: string
  region: string
  country: 'US'
  latitude: number
  longitude: number
}

export type DemoBookRequestJson = {
  quote_id: string
  service: ShipmentMode
  customer_reference: string
  pickup: { date: string; location: DemoLocationJson }
  delivery: { location: DemoLocationJson }
  handling_units: {
    type: 'PALLET'
    quantity: number
    total_weight: { value: number; unit: 'LB' }
  }[]
  /** the freight as its bill of lading describes it, when the shipper declared it */
  commodity?: {
    description: string | null
    pieces: number | null
    packaging: string
    nmfc_class: number
    hazardous: { un_number: string; hazard_class: string } | null
  }
  consignee?: { name: string }
}

export type DemoShipmentJson = {
  id: string
  status: 'BOOKED' | 'CANCELLED'
  pro_number: string
  tracking_url: string
  pickup: { confirmation_number: string; window: { start: string; end: string } }
  cancelled_at: string | null
}

export type DemoBolJson = {
  document:
    | { type: 'BOL'; status: 'PROCESSING' }
    | { type: 'BOL'; status: 'READY'; number: string; content_type: string; content_base64: string }
}

export type DemoEventJson = {
  id: string
  status_code: string
  status_description: string
  occurred_at: string
  location: { city?: string; region?: string; latitude: number; longitude: number } | null
}

export type DemoTrackingJson = { shipment_id: string; pro_number: string; events: DemoEventJson[] }

export type DemoErrorJson = { error: { code: string; message: string } }

/** A BOL still in the making is asked for again after this long unless the partner says. */
export const DEFAULT_BOL_RETRY_SECONDS = 30

const JSON_HEADERS = { 'content-type': 'application/json', 'accept': 'application/json' }
const shipmentPath = (id: string) => `/v1/shipments/${encodeURIComponent(id)}`

/* ---------- requests ---------- */

function location(stop: PartnerStop): DemoLocationJson {
  return {
    postal_code: stop.postal,
    city: stop.city,
    region: stop.state,
    country: 'US',
    latitude: stop.lat,
    longitude: stop.lng,
  }
}

export function bookBody(input: BookInput): DemoBookRequestJson {
  return {
    quote_id: input.partnerQuoteId,
    service: input.mode,
    customer_reference: input.shipperReference,
    pickup: { date: input.pickupDate, location: location(input.origin) },
    delivery: { location: location(input.destination) },
    handling_units: [
      {
        type: 'PALLET',
        quantity: input.pallets,
        total_weight: { value: input.weightLbs, unit: 'LB' },
      },
    ],
    ...(input.freight
      ? {
          commodity: {
            description: input.freight.commodity,
            pieces: input.freight.pieces,
            packaging: input.freight.packaging,
            nmfc_class: input.freight.freightClass,
            hazardous: input.freight.hazmat
              ? {
                  un_number: input.freight.hazmat.unNumber,
                  hazard_class: input.freight.hazmat.hazardClass,
                }
              : null,
          },
        }
      : {}),
    ...(input.freight?.consignee ? { consignee: { name: input.freight.consignee } } : {}),
  }
}

export function bookRequest(input: BookInput): PartnerHttpRequest {
  return {
    method: 'POST',
    path: '/v1/shipments',
    headers: { ...JSON_HEADERS, 'idempotency-key': input.idempotencyKey },
    body: JSON.stringify(bookBody(input)),
  }
}

export function cancelRequest(id: string, idempotencyKey: string, now: Date): PartnerHttpRequest {
  return {
    method: 'POST',
    path: `${shipmentPath(id)}/cancel`,
    headers: {
      ...JSON_HEADERS,
      'idempotency-key': idempotencyKey,
      'x-demo-clock': now.toISOString(),
    },
    body: '{}',
  }
}

export function bolRequest(id: string): PartnerHttpRequest {
  return {
    method: 'GET',
    path: `${shipmentPath(id)}/documents/bol`,
    headers: JSON_HEADERS,
    body: null,
  }
}

export function trackRequest(id: string, now: Date): PartnerHttpRequest {
  return {
    method: 'GET',
    path: `${shipmentPath(id)}/events`,
    headers: { ...JSON_HEADERS, 'x-demo-clock': now.toISOString() },
    body: null,
  }
}

/* ---------- responses ---------- */

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function readJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

const unreadable = (what: string) => failure('unavailable', `The partner's ${what} is unreadable`)

/** A non-2xx answer as a typed failure; a body that is not the partner's JSON is kept out. */
export function toFailure(response: PartnerHttpResponse) {
  const json = readJson(response.body)
  const error = isObj(json) && isObj(json.error) ? json.error : {}
  const code = isStr(error.code) ? error.code : `http_${response.status}`
  const message = isStr(error.message) ? error.message : `The partner answered ${response.status}`
  const wait = retryAfter(response.headers)
  if (response.status === 429) return failure('rate_limited', message, wait ?? 1)
  if (response.status >= 500 || response.status < 400) return failure('unavailable', message, wait)
  if (response.status === 404) return failure('not_found', message)
  if (response.status === 410 || code === 'quote_expired') return failure('quote_expired', message)
  return failure('invalid_request', message)
}

const ok2xx = (response: PartnerHttpResponse) => response.status >= 200 && response.status < 300

function shipmentOf(json: unknown): DemoShipmentJson | null {
  const shipment = isObj(json) ? json.shipment : undefined
  if (!isObj(shipment) || !isStr(shipment.id) || !isStr(shipment.pro_number)) return null
  if (!isStr(shipment.tracking_url) || !isObj(shipment.pickup)) return null
  const window = shipment.pickup.window
  if (!isStr(shipment.pickup.confirmation_number) || !isObj(window)) return null
  if (!isStr(window.start) || !isStr(window.end)) return null
  return shipment as DemoShipmentJson
}

export function parseBooked(response: PartnerHttpResponse): PartnerResult<BookedShipment> {
  if (!ok2xx(response)) return toFailure(response)
  const json = readJson(response.body)
  const shipment = shipmentOf(json)
  if (!shipment) return unreadable('booking answer')
  return {
    ok: true,
    partnerShipmentId: shipment.id,
    proNumber: shipment.pro_number,
    trackingUrl: shipment.tracking_url,
    pickupWindowStart: shipment.pickup.window.start,
    pickupWindowEnd: shipment.pickup.window.end,
    confirmationNumber: shipment.pickup.confirmation_number,
    raw: json,
  }
}

export function parseCancelled(response: PartnerHttpResponse): PartnerResult<CancelledShipment> {
  if (!ok2xx(response)) return toFailure(response)
  const json = readJson(response.body)
  const shipment = shipmentOf(json)
  if (!shipment || shipment.status !== 'CANCELLED' || !isStr(shipment.cancelled_at)) {
    return unreadable('cancellation answer')
  }
  return { ok: true, partnerShipmentId: shipment.id, cancelledAt: shipment.cancelled_at, raw: json }
}

export function parseBol(response: PartnerHttpResponse): PartnerResult<BolDocument> {
  if (!ok2xx(response)) return toFailure(response)
  const json = readJson(response.body)
  const document = isObj(json) && isObj(json.document) ? json.document : null
  if (document?.status === 'PROCESSING') {
    const wait = retryAfter(response.headers) ?? DEFAULT_BOL_RETRY_SECONDS
    return { ok: true, status: 'pending', retryAfterSeconds: Math.max(1, wait) }
  }
  if (
    document?.status !== 'READY' ||
    !isStr(document.number) ||
    document.content_type !== 'application/pdf' ||
    !isStr(document.content_base64)
  ) {
    return unreadable('bill of lading')
  }
  const pdf = new Uint8Array(Buffer.from(document.content_base64, 'base64'))
  return { ok: true, status: 'ready', bolNumber: document.number, pdf }
}

function milestone(event: unknown): PartnerMilestone | null {
  if (!isObj(event) || !isStr(event.id) || !isStr(event.status_code)) return null
  if (!isStr(event.occurred_at) || Number.isNaN(Date.parse(event.occurred_at))) return null
  const place = isObj(event.location) ? event.location : null
  return {
    eventId: event.id,
    code: event.status_code,
    type: demoMilestoneType(event.status_code),
    description: isStr(event.status_description) ? event.status_description : event.status_code,
    eventTime: new Date(event.occurred_at).toISOString(),
    ...(place && isNum(place.latitude) && isNum(place.longitude)
      ? { lat: place.latitude, lng: place.longitude }
      : {}),
    ...(place && isStr(place.city) ? { city: place.city } : {}),
    ...(place && isStr(place.region) ? { state: place.region } : {}),
  }
}

export function parseTracking(response: PartnerHttpResponse): PartnerResult<Tracking> {
  if (!ok2xx(response)) return toFailure(response)
  const json = readJson(response.body)
  if (!isObj(json) || !Array.isArray(json.events)) return unreadable('tracking answer')
  const events = json.events.map(milestone)
  if (events.some((event) => event === null)) return unreadable('tracking event')
  const sorted = (events as PartnerMilestone[]).sort((a, b) =>
    a.eventTime.localeCompare(b.eventTime)
  )
  return { ok: true, events: sorted }
}
