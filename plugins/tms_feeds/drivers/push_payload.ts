/**
 * The JSON a partner or an ELD pushes, checked field by field (pure; the webhook driver calls
 * it once the signature holds):
 *
 *   { "shipment": "TRT-042",
 *     "events": [{ "id": "evt_1", "code": "AF", "description": "Departed pickup",
 *                  "time": "2026-03-02T11:05:00-06:00",
 *                  "location": { "lat": 41.88, "lng": -87.62, "city": "Chicago", "state": "IL" } }] }
 *
 * `shipment` names the shipment as the provider knows it (our reference, its PRO or its
 * shipment id); `description` and `location` (and its city and state) are optional; `time`
 * must carry its UTC offset. Ids are the provider's and must not repeat within a push.
 */
import { normaliseEvent } from '../normaliser.js'
import type { CodeSet, FeedEvent, FeedLocation, ParsedPush } from '../types.js'

export const MAX_EVENTS_PER_PUSH = 500

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max
const within = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
/** A time without an offset is ambiguous across four US zones: refused. */
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

class Malformed extends Error {}

function location(value: unknown, at: string): FeedLocation | null {
  if (value === undefined || value === null) return null
  if (!isObj(value) || !within(value.lat, -90, 90) || !within(value.lng, -180, 180)) {
    throw new Malformed(`${at}.location needs lat and lng`)
  }
  const optional = (v: unknown, name: string, max: number) => {
    if (v === undefined || v === null) return null
    if (!text(v, max)) throw new Malformed(`${at}.location.${name} must be text`)
    return v
  }
  return {
    lat: value.lat,
    lng: value.lng,
    city: optional(value.city, 'city', 100),
    state: optional(value.state, 'state', 40),
  }
}

function event(value: unknown, i: number, provider: string, codeSet: CodeSet): FeedEvent {
  const at = `events[${i}]`
  if (!isObj(value)) throw new Malformed(`${at} must be an object`)
  if (!text(value.id, 100)) throw new Malformed(`${at}.id is required`)
  if (!text(value.code, 40)) throw new Malformed(`${at}.code is required`)
  const description = value.description ?? null
  if (description !== null && (typeof description !== 'string' || description.length > 500)) {
    throw new Malformed(`${at}.description must be text`)
  }
  if (typeof value.time !== 'string' || !ZONED_TIME.test(value.time)) {
    throw new Malformed(`${at}.time must be ISO 8601 with its UTC offset`)
  }
  if (Number.isNaN(Date.parse(value.time))) throw new Malformed(`${at}.time is not a real time`)
  return normaliseEvent({
    source: provider,
    sourceId: value.id,
    codeSet,
    code: value.code,
    description,
    time: value.time,
    location: location(value.location, at),
    raw: value,
  })
}

export function parsePushBody(provider: string, codeSet: CodeSet, rawBody: string): ParsedPush {
  let body: unknown
  try {
    body = JSON.parse(rawBody)
  } catch {
    return { ok: false, reason: 'malformed', message: 'The body is not JSON' }
  }
  try {
    if (!isObj(body)) throw new Malformed('The body must be a JSON object')
    if (!text(body.shipment, 100)) throw new Malformed('shipment is required')
    if (!Array.isArray(body.events)) throw new Malformed('events must be a list')
    if (body.events.length > MAX_EVENTS_PER_PUSH) {
      throw new Malformed(`At most ${MAX_EVENTS_PER_PUSH} events a push`)
    }
    const events = body.events.map((value, i) => event(value, i, provider, codeSet))
    if (new Set(events.map((e) => e.id)).size !== events.length) {
      throw new Malformed('Event ids repeat within the push')
    }
    events.sort((a, b) => a.eventTime.localeCompare(b.eventTime))
    return { ok: true, provider, shipmentRef: body.shipment.trim(), events, raw: body }
  } catch (error) {
    if (error instanceof Malformed)
      return { ok: false, reason: 'malformed', message: error.message }
    throw error
  }
}
