import type {
  Equipment,
  FreightListingForm,
  LoadTemplateForm,
  ServiceMode,
} from '@/features/freight-board/api/types'
import type { FreightClass, PackagingType } from '@/lib/freight-class'
import { checkFreightDetails, previewClass } from '@/lib/freight-details'

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
  /** what the freight is (docs/decisions/0228) */
  commodity: string
  pieces: string
  packaging: PackagingType
  consignee: string
  /** 'yes' when the hazmat box is ticked */
  hazmat: '' | 'yes'
  unNumber: string
  hazardClass: string
  /** 'yes' when the load takes offers from the start (decision 0234) */
  allowOffers: '' | 'yes'
  /** the offer floor in dollars as typed; sent as cents */
  offerFloor: string
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
  commodity: '',
  pieces: '',
  packaging: 'PALLET',
  consignee: '',
  hazmat: '',
  unNumber: '',
  hazardClass: '',
  allowOffers: '',
  offerFloor: '',
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
    commodity: values.commodity.trim() || null,
    pieces: wholeOrNull(values.pieces),
    packaging: values.packaging,
    consignee: values.consignee.trim() || null,
    hazmat: values.hazmat === 'yes',
    // Only hazmat freight names a UN number and class; an unticked box sends neither.
    un_number: values.hazmat === 'yes' ? values.unNumber.trim().toUpperCase() || null : null,
    hazard_class: values.hazmat === 'yes' ? values.hazardClass.trim().toUpperCase() || null : null,
    allow_offers: values.allowOffers === 'yes',
    // Only a load taking offers keeps a floor; dollars as typed, cents on the wire.
    offer_floor_cents: values.allowOffers === 'yes' ? centsOrNull(values.offerFloor) : null,
  }
}

function centsOrNull(text: string): number | null {
  const value = numberOrNull(text)
  return value === null ? null : Math.round(value * 100)
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value)

/**
 * A template's form as the inputs hold it (docs/decisions/0248): everything but the dates, which
 * a template never keeps.
 */
export function valuesFromTemplate(form: LoadTemplateForm): PostLoadValues {
  return {
    ...EMPTY_POST_LOAD,
    originPostal: form.origin.postal,
    destinationPostal: form.destination.postal,
    equipment: form.equipment ?? EMPTY_POST_LOAD.equipment,
    mode: form.mode ?? EMPTY_POST_LOAD.mode,
    pallets: text(form.pallets),
    weightLbs: text(form.weight_lbs),
    length: text(form.dims?.l),
    width: text(form.dims?.w),
    height: text(form.dims?.h),
    notes: form.notes ?? '',
    price: text(form.price),
    commodity: form.commodity ?? '',
    pieces: text(form.pieces),
    packaging: form.packaging ?? EMPTY_POST_LOAD.packaging,
    consignee: form.consignee ?? '',
    hazmat: form.hazmat ? 'yes' : '',
    unNumber: form.un_number ?? '',
    hazardClass: form.hazard_class ?? '',
    allowOffers: form.allow_offers ? 'yes' : '',
    offerFloor:
      form.offer_floor_cents === null || form.offer_floor_cents === undefined
        ? ''
        : String(form.offer_floor_cents / 100),
  }
}

/** The default load's numbers, as `GET /api/platform/constants` gives them. */
type DefaultLoad = { pallets: number; weightLbs: number; dims: { l: number; w: number; h: number } }

/**
 * The density and class the server will store for what is typed, an empty number standing for
 * the default load's (decision 0201); null while an input cannot be read or the defaults have not
 * arrived. The same function as the server's (contract/freight_class.ts, decision 0228).
 */
export function previewFreightClass(
  values: PostLoadValues,
  defaults: DefaultLoad | undefined
): { densityPcf: number; freightClass: FreightClass } | null {
  return defaults ? previewClass(values, defaults) : null
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
  if (
    values.allowOffers === 'yes' &&
    values.offerFloor.trim() !== '' &&
    !(Number(values.offerFloor) >= 0.01)
  ) {
    errors.offerFloor = 'Offer floor must be at least 1 cent'
  }
  // An LTL load's missing commodity is the server's 422 at publishing (an estimate needs none).
  return { ...errors, ...checkFreightDetails(values) }
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
  'commodity': 'commodity',
  'pieces': 'pieces',
  'packaging': 'packaging',
  'consignee': 'consignee',
  'hazmat': 'hazmat',
  'un_number': 'unNumber',
  'hazard_class': 'hazardClass',
  'allow_offers': 'allowOffers',
  'offer_floor_cents': 'offerFloor',
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
