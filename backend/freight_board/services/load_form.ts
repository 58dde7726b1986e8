import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import { roadMiles } from '#core/geo'
import { toCents } from '#core/money'
import { validationError, type FieldError } from '#core/validation'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { LOAD_DEFAULTS as DEFAULT_LOAD } from '#core/load_rules'
import { freightDetailsOf, type FreightDetails, type Hazmat } from '#core/freight_details'
import type { freightListingFormValidator } from '#freight_board/validators/freight_listing'
import type { Equipment, FreightMode } from '#freight_board/models/freight_listing'

export type FreightListingForm = Infer<typeof freightListingFormValidator>

export type PlacedStop = {
  postal: string
  lat: number
  lng: number
  city: string
  state: string
  address: string | null
}

/** The form with its defaults filled, both ZIPs placed and the road distance measured. */
export type PlacedLoad = {
  origin: PlacedStop
  destination: PlacedStop
  equipment: Equipment
  mode: FreightMode
  pallets: number
  weightLbs: number
  dims: { l: number; w: number; h: number }
  pickupEarliest: DateTime | null
  deliveryLatest: DateTime | null
  /** the pickup's business day, for the fuel row in force; null without a pickup date */
  pickupDay: string | null
  notes: string | null
  /** the form's `price` in cents, null when not given (docs/decisions/0202) */
  priceCents: number | null
  distanceMiles: number
  /** what the freight is, with the density and class computed here (docs/decisions/0228) */
  freight: FreightDetails
}

/**
 * The post-load form's defaults (docs/api.md, freight listings): the load's pallets, weight and
 * dimensions are #core/load_rules' (docs/decisions/0201).
 */
export const LOAD_DEFAULTS = {
  equipment: 'VAN' as Equipment,
  mode: 'TL' as FreightMode,
  ...DEFAULT_LOAD,
}

async function place(
  input: FreightListingForm['origin'],
  field: 'origin' | 'destination'
): Promise<PlacedStop | FieldError> {
  const zip = input.postal.trim()
  const missing = {
    field: `${field}.postal`,
    message: field === 'origin' ? 'Origin ZIP not found' : 'Destination ZIP not found',
    rule: 'zipFound',
  }
  if (!/^\d{5}(-\d{4})?$/.test(zip)) return missing
  const result = await geocoding.geocode(zip.slice(0, 5))
  if (!result.ok) return missing
  return {
    postal: zip.slice(0, 5),
    lat: result.place.latitude,
    lng: result.place.longitude,
    city: input.city || result.place.city,
    state: (input.state || result.place.state).toUpperCase(),
    address: input.address || null,
  }
}

/** The 422 of a pickup before now; search's word for a past pickup day (decision 0165). */
export const PICKUP_IN_PAST = 'Pickup date cannot be in the past'
export const DELIVERY_IN_PAST = 'Delivery date cannot be in the past'

function moment(value: string | null | undefined, field: string, errors: FieldError[]) {
  if (!value) return null
  // A moment without an offset (a datetime-local value) is a business-time one, as every other
  // date the shipper gives; never the server process's own zone (decision 0165).
  const parsed = DateTime.fromISO(value, { zone: BUSINESS_TIME_ZONE, setZone: true })
  if (!parsed.isValid) {
    errors.push({ field, message: 'Must be a date and time (ISO 8601)', rule: 'dateTime' })
    return null
  }
  // Lucid writes a timestamp in its DateTime's own zone and SQLite reads it back as local time.
  return parsed.toLocal()
}

/**
 * Checks what the schema cannot (ZIPs the geocoder knows, dates in order) and fills defaults.
 * Given `now` (the injected Clock's), a pickup or delivery before it is refused too: such a load
 * would be expired before any carrier saw it (decision 0165).
 */
export async function placeLoad(form: FreightListingForm, now?: DateTime): Promise<PlacedLoad> {
  const errors: FieldError[] = []
  const [origin, destination] = await Promise.all([
    place(form.origin, 'origin'),
    place(form.destination, 'destination'),
  ])
  if ('field' in origin) errors.push(origin)
  if ('field' in destination) errors.push(destination)
  const pickupEarliest = moment(form.pickup_earliest, 'pickup_earliest', errors)
  const deliveryLatest = moment(form.delivery_latest, 'delivery_latest', errors)
  if (pickupEarliest && deliveryLatest && deliveryLatest < pickupEarliest) {
    errors.push({
      field: 'delivery_latest',
      message: 'Delivery must be after pickup',
      rule: 'afterPickup',
    })
  }
  if (now) {
    // The shipper's picker has minute precision: a pickup in the current minute is not past.
    if (pickupEarliest && pickupEarliest < now.startOf('minute')) {
      errors.push({ field: 'pickup_earliest', message: PICKUP_IN_PAST, rule: 'notInPast' })
    }
    if (
      deliveryLatest &&
      deliveryLatest <= now &&
      !errors.some((e) => e.field === 'delivery_latest')
    ) {
      errors.push({ field: 'delivery_latest', message: DELIVERY_IN_PAST, rule: 'notInPast' })
    }
  }
  const hazmat = hazmatOf(form, errors)
  if (errors.length > 0 || 'field' in origin || 'field' in destination) {
    throw validationError(errors)
  }
  const pallets = form.pallets ?? LOAD_DEFAULTS.pallets
  const weightLbs = form.weight_lbs ?? LOAD_DEFAULTS.weightLbs
  // An empty dimension is the default one's (docs/decisions/0201).
  const dims = {
    l: form.dims?.l ?? LOAD_DEFAULTS.dims.l,
    w: form.dims?.w ?? LOAD_DEFAULTS.dims.w,
    h: form.dims?.h ?? LOAD_DEFAULTS.dims.h,
  }
  return {
    origin,
    destination,
    equipment: form.equipment ?? LOAD_DEFAULTS.equipment,
    mode: form.mode ?? LOAD_DEFAULTS.mode,
    pallets,
    weightLbs,
    dims,
    pickupEarliest,
    deliveryLatest,
    pickupDay: pickupEarliest?.setZone(BUSINESS_TIME_ZONE).toISODate() ?? null,
    notes: form.notes || null,
    priceCents: form.price === null || form.price === undefined ? null : toCents(form.price),
    distanceMiles: roadMiles(
      { latitude: origin.lat, longitude: origin.lng },
      { latitude: destination.lat, longitude: destination.lng }
    ),
    // The pallets are the handling units; density and class are the server's, never the form's.
    freight: freightDetailsOf({
      commodity: form.commodity,
      pieces: form.pieces,
      packaging: form.packaging,
      consignee: form.consignee,
      hazmat,
      weightLbs,
      handlingUnits: pallets,
      dims,
    }),
  }
}

/**
 * Hazmat freight names its UN number and hazard class; other freight names neither, so a
 * forgotten tick is not printed as safe freight with a UN number beside it.
 */
function hazmatOf(form: FreightListingForm, errors: FieldError[]): Hazmat | null {
  const unNumber = form.un_number || null
  const hazardClass = form.hazard_class || null
  if (form.hazmat) {
    if (!unNumber) {
      errors.push({
        field: 'un_number',
        message: 'UN number is required for hazmat freight',
        rule: 'required',
      })
    }
    if (!hazardClass) {
      errors.push({
        field: 'hazard_class',
        message: 'Hazard class is required for hazmat freight',
        rule: 'required',
      })
    }
    return unNumber && hazardClass ? { unNumber, hazardClass } : null
  }
  if (unNumber) {
    errors.push({
      field: 'un_number',
      message: 'A UN number is only for hazmat freight: tick Hazmat',
      rule: 'hazmatOnly',
    })
  }
  if (hazardClass) {
    errors.push({
      field: 'hazard_class',
      message: 'A hazard class is only for hazmat freight: tick Hazmat',
      rule: 'hazmatOnly',
    })
  }
  return null
}
