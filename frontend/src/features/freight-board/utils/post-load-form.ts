import type { Equipment, FreightListingForm, ServiceMode } from '@/features/freight-board/api/types'

/** What the inputs hold: text as typed, turned into the request body by `toListingForm`. */
export type PostLoadValues = {
  originPostal: string
  destinationPostal: string
  equipment: Equipment
  mode: ServiceMode
  pallets: string
  weightLbs: string
  length: string
  width: string
  height: string
  pickupEarliest: string
  deliveryLatest: string
  notes: string
  /** dollars as typed; the request's and the answers' `price` (docs/decisions/0202) */
  price: string
}

export type PostLoadField = keyof PostLoadValues

export const ZIP_MIN_LENGTH = 5

export const EMPTY_POST_LOAD: PostLoadValues = {
  originPostal: '',
  destinationPostal: '',
  equipment: 'VAN',
  mode: 'TL',
  pallets: '',
  weightLbs: '',
  length: '',
  width: '',
  height: '',
  pickupEarliest: '',
  deliveryLatest: '',
  notes: '',
  price: '',
}

/** A typed number, or null for an empty (or unreadable) input: the server fills the default. */
function numberOrNull(text: string): number | null {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

function wholeOrNull(text: string): number | null {
  const value = numberOrNull(text)
  return value === null ? null : Math.trunc(value)
}

// datetime-local holds the shipper's wall-clock time; the API wants an instant.
function instantOf(local: string): string | null {
  if (!local) return null
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * The request body. An empty number is sent as null and the server fills the default load's
 * value, one dimension at a time (docs/decisions/0201): the form holds no defaults of its own.
 */
export function toListingForm(values: PostLoadValues): FreightListingForm {
  const price = values.price.trim()
  const dims = {
    l: numberOrNull(values.length),
    w: numberOrNull(values.width),
    h: numberOrNull(values.height),
  }
  return {
    origin: { postal: values.originPostal.trim() },
    destination: { postal: values.destinationPostal.trim() },
    equipment: values.equipment,
    mode: values.mode,
    pallets: wholeOrNull(values.pallets),
    weight_lbs: wholeOrNull(values.weightLbs),
    dims: dims.l === null && dims.w === null && dims.h === null ? null : dims,
    pickup_earliest: instantOf(values.pickupEarliest),
    delivery_latest: instantOf(values.deliveryLatest),
    notes: values.notes.trim() || null,
    price: price === '' ? null : Number(price),
  }
}

/** The client-side checks of docs/spec.md §5; the server repeats them and adds its own. */
export function checkPostLoad(values: PostLoadValues): Partial<Record<PostLoadField, string>> {
  const errors: Partial<Record<PostLoadField, string>> = {}
  if (values.originPostal.trim().length < ZIP_MIN_LENGTH) {
    errors.originPostal = 'Origin ZIP is required'
  }
  if (values.destinationPostal.trim().length < ZIP_MIN_LENGTH) {
    errors.destinationPostal = 'Destination ZIP is required'
  }
  if (values.pallets.trim() !== '' && !(Number(values.pallets) >= 1)) {
    errors.pallets = 'Pallets must be at least 1'
  }
  if (values.weightLbs.trim() !== '' && !(Number(values.weightLbs) >= 1)) {
    errors.weightLbs = 'Weight must be at least 1 lb'
  }
  if (values.price.trim() !== '' && !(Number(values.price) >= 0)) {
    errors.price = 'Price cannot be negative'
  }
  return errors
}

/** The API's field names (`origin.postal`) mapped to the form's inputs. */
const API_FIELDS: Record<string, PostLoadField> = {
  'origin.postal': 'originPostal',
  'origin': 'originPostal',
  'destination.postal': 'destinationPostal',
  'destination': 'destinationPostal',
  'equipment': 'equipment',
  'mode': 'mode',
  'pallets': 'pallets',
  'weight_lbs': 'weightLbs',
  'dims.l': 'length',
  'dims.w': 'width',
  'dims.h': 'height',
  'pickup_earliest': 'pickupEarliest',
  'delivery_latest': 'deliveryLatest',
  'notes': 'notes',
  'price': 'price',
}

export function formFieldErrors(
  apiErrors: Record<string, string>
): Partial<Record<PostLoadField, string>> {
  const out: Partial<Record<PostLoadField, string>> = {}
  for (const [field, message] of Object.entries(apiErrors)) {
    const own = API_FIELDS[field]
    if (own && !out[own]) out[own] = message
  }
  return out
}
