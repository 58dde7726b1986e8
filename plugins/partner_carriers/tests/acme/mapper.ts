/**
 * Acme LTL's requests and answers (docs/plugins.md "Adding a partner", step 1): pure functions
 * from the partner contract to Acme's API and back. Acme's faults become the contract's codes.
 */
import {
  failure,
  type BolDocument,
  type BookedShipment,
  type BookInput,
  type CancelledShipment,
  type MilestoneType,
  type PartnerHttpRequest,
  type PartnerHttpResponse,
  type PartnerResult,
  type Tracking,
} from '../../main.js'

const HEADERS = { 'content-type': 'application/json' }

/** Acme's status codes, read once here: nothing outside the driver knows them. */
const ACME_TYPES: Record<string, { type: MilestoneType; description: string }> = {
  PKD: { type: 'PU', description: 'Picked up by Acme' },
  LNH: { type: 'LINEHAUL_DEPART', description: 'On the Acme line haul' },
  DLV: { type: 'DELIVERED', description: 'Delivered by Acme' },
  VOID: { type: 'OTHER', description: 'Pickup voided' },
}

export function bookRequest(input: BookInput): PartnerHttpRequest {
  const stop = (s: BookInput['origin']) => ({ zip: s.postal, city: s.city, st: s.state })
  return {
    method: 'POST',
    path: '/api/v2/pickups',
    headers: { ...HEADERS, 'idempotency-key': input.idempotencyKey },
    body: JSON.stringify({
      quoteNumber: input.partnerQuoteId,
      yourReference: input.shipperReference,
      shipDate: input.pickupDate,
      pallets: input.pallets,
      lbs: input.weightLbs,
      from: stop(input.origin),
      to: stop(input.destination),
    }),
  }
}

export const cancelRequest = (id: string, key: string): PartnerHttpRequest => ({
  method: 'POST',
  path: `/api/v2/pickups/${encodeURIComponent(id)}/void`,
  headers: { ...HEADERS, 'idempotency-key': key },
  body: '{}',
})
export const bolRequest = (id: string): PartnerHttpRequest => ({
  method: 'GET',
  path: `/api/v2/pickups/${encodeURIComponent(id)}/bol`,
  headers: {},
  body: null,
})
export const trackRequest = (id: string): PartnerHttpRequest => ({
  method: 'GET',
  path: `/api/v2/pickups/${encodeURIComponent(id)}/status`,
  headers: {},
  body: null,
})

function read(response: PartnerHttpResponse): Record<string, any> | null {
  try {
    const value = JSON.parse(response.body)
    return typeof value === 'object' && value !== null ? value : null
  } catch {
    return null
  }
}

/** Acme's faults as the contract's failures. */
function toFailure(response: PartnerHttpResponse) {
  const detail = read(response)?.fault?.detail ?? `Acme answered ${response.status}`
  if (response.status === 404) return failure('not_found', detail)
  if (response.status === 410) return failure('quote_expired', detail)
  if (response.status === 429) return failure('rate_limited', detail)
  if (response.status >= 500 || response.status === 401) return failure('unavailable', detail)
  return failure('invalid_request', detail)
}

export function parseBooked(response: PartnerHttpResponse): PartnerResult<BookedShipment> {
  if (response.status >= 400) return toFailure(response)
  const json = read(response)
  if (!json?.pickupId) return failure('unavailable', 'Acme answered an unreadable booking')
  return {
    ok: true,
    partnerShipmentId: json.pickupId,
    proNumber: json.pro,
    trackingUrl: json.track,
    pickupWindowStart: json.window.from,
    pickupWindowEnd: json.window.to,
    confirmationNumber: json.confirmation,
    raw: json,
  }
}

export function parseCancelled(response: PartnerHttpResponse): PartnerResult<CancelledShipment> {
  if (response.status >= 400) return toFailure(response)
  const json = read(response)!
  return { ok: true, partnerShipmentId: json.pickupId, cancelledAt: json.voidedAt, raw: json }
}

export function parseBol(response: PartnerHttpResponse): PartnerResult<BolDocument> {
  if (response.status >= 400) return toFailure(response)
  const json = read(response)!
  return {
    ok: true,
    status: 'ready',
    bolNumber: json.bol,
    pdf: new Uint8Array(Buffer.from(json.pdfBase64, 'base64')),
  }
}

export function parseTracking(response: PartnerHttpResponse): PartnerResult<Tracking> {
  if (response.status >= 400) return toFailure(response)
  const history: { seq: number; status: string; at: string }[] = read(response)?.history ?? []
  return {
    ok: true,
    events: history
      .map((event) => ({
        eventId: `${event.status}-${event.seq}`,
        code: event.status,
        type: ACME_TYPES[event.status]?.type ?? 'OTHER',
        description: ACME_TYPES[event.status]?.description ?? event.status,
        eventTime: new Date(event.at).toISOString(),
      }))
      .sort((a, b) => a.eventTime.localeCompare(b.eventTime)),
  }
}
