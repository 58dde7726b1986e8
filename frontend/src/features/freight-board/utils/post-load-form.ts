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
  targetPrice: string
}

export type PostLoadField = keyof PostLoadValues

/** docs/spec.md §5: what an empty number input stands for. */
export const POST_LOAD_DEFAULTS = {
  pallets: 1,
  weightLbs: 1000,
  length: 48,
  width: 40,
  height: 60,
} as const

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
  targetPrice: '',
}

function numberOr(text: string, fallback: number): number {
  if (text.trim() === '') return fallback
  const value = Number(text)
  return Number.isFinite(value) ? value : fallback
}

// datetime-local holds the shipper's wall-clock time; the API wants an instant.
function instantOf(local: string): string | null {
  if (!local) return null
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

export function toListingForm(values: PostLoadValues): FreightListingForm {
  const target = values.targetPrice.trim()
  return {
    origin: { postal: values.originPostal.trim() },
    destination: { postal: values.destinationPostal.trim() },
    equipment: values.equipment,
    mode: values.mode,
    pallets: Math.trunc(numberOr(values.pallets, POST_LOAD_DEFAULTS.pallets)),
    weight_lbs: Math.trunc(numberOr(values.weightLbs, POST_LOAD_DEFAULTS.weightLbs)),
    dims: {
      l: numberOr(values.length, POST_LOAD_DEFAULTS.length),
      w: numberOr(values.width, POST_LOAD_DEFAULTS.width),
      h: numberOr(values.height, POST_LOAD_DEFAULTS.height),
    },
    pickup_earliest: instantOf(values.pickupEarliest),
    delivery_latest: instantOf(values.deliveryLatest),
    notes: values.notes.trim() || null,
    target_price: target === '' ? null : Number(target),
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
  if (values.targetPrice.trim() !== '' && !(Number(values.targetPrice) >= 0)) {
    errors.targetPrice = 'Target price cannot be negative'
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
  'target_price': 'targetPrice',
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
