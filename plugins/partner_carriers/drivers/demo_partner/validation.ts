/**
 * What the demo partner refuses in a booking request, as a real partner's API would: a 422
 * with the first problem found. Quote ids ending in `_expired` are the test quotes it treats as
 * expired (like Stripe's test cards that decline).
 */
import { DateTime } from 'luxon'
import { timeZoneOf } from './time_zones.js'

/** A 53-foot trailer's pallet positions and the legal gross weight of its freight. */
export const MAX_PALLETS = 26
export const MAX_WEIGHT_LBS = 45_000
export const EXPIRED_QUOTE_SUFFIX = '_expired'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max
const within = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max

function locationProblem(name: string, value: unknown): string | null {
  if (!isObj(value)) return `${name}.location is required`
  if (typeof value.postal_code !== 'string' || !/^\d{5}$/.test(value.postal_code)) {
    return `${name}.location.postal_code must be a 5-digit ZIP code`
  }
  if (!text(value.city, 100)) return `${name}.location.city is required`
  if (typeof value.region !== 'string' || !timeZoneOf(value.region)) {
    return `${name}.location.region must be a US state code`
  }
  if (value.country !== 'US') return `${name}.location.country must be US`
  if (!within(value.latitude, -90, 90) || !within(value.longitude, -180, 180)) {
    return `${name}.location needs a latitude and a longitude`
  }
  return null
}

export function bookProblem(body: unknown): string | null {
  if (!isObj(body)) return 'The body must be a JSON object'
  if (!text(body.quote_id, 64)) return 'quote_id is required'
  if (!['LTL', 'TL', 'EXP'].includes(body.service as string)) {
    return 'service must be LTL, TL or EXP'
  }
  if (!text(body.customer_reference, 64)) return 'customer_reference is required'
  const pickup = isObj(body.pickup) ? body.pickup : {}
  const date = typeof pickup.date === 'string' ? pickup.date : ''
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !DateTime.fromISO(date).isValid) {
    return 'pickup.date must be a date, YYYY-MM-DD'
  }
  const delivery = isObj(body.delivery) ? body.delivery : {}
  const place =
    locationProblem('pickup', pickup.location) ?? locationProblem('delivery', delivery.location)
  if (place) return place
  const units = Array.isArray(body.handling_units) ? body.handling_units : []
  const unit = units[0]
  if (units.length !== 1 || !isObj(unit) || unit.type !== 'PALLET') {
    return 'handling_units must be one entry of type PALLET'
  }
  if (!Number.isInteger(unit.quantity) || !within(unit.quantity, 1, MAX_PALLETS)) {
    return `handling_units[0].quantity must be a whole number from 1 to ${MAX_PALLETS}`
  }
  const weight = isObj(unit.total_weight) ? unit.total_weight : {}
  if (weight.unit !== 'LB' || !within(weight.value, 1, MAX_WEIGHT_LBS)) {
    return `handling_units[0].total_weight must be 1 to ${MAX_WEIGHT_LBS} LB`
  }
  return null
}
