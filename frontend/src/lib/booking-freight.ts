import {
  checkFreightDetails,
  EMPTY_FREIGHT_DETAILS,
  previewClass,
  type FreightDetailsValues,
} from '@/lib/freight-details'
import type { components } from '@/types/api'

/** What the freight is (docs/decisions/0257); the server computes its density and class. */
export type BookingFreightInput = NonNullable<components['schemas']['BookingFreightInput']>

/**
 * A booking's freight inputs as typed (docs/decisions/0257): the instant booking form and the
 * TMS's partner booking share them (the partner's weight is its quote's).
 */
export type BookingFreightValues = FreightDetailsValues & {
  weightLbs: string
  length: string
  width: string
  height: string
}

export type BookingFreightField = keyof BookingFreightValues

export const EMPTY_BOOKING_FREIGHT: BookingFreightValues = {
  ...EMPTY_FREIGHT_DETAILS,
  weightLbs: '',
  length: '',
  width: '',
  height: '',
}

/** The default load's numbers (`GET /api/platform/constants`, decision 0201). */
type DefaultLoad = { pallets: number; weightLbs: number; dims: { l: number; w: number; h: number } }

const whole = (text: string) => {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? Math.trunc(value) : null
}

/** Whether the shipper declared anything: an untouched section sends nothing. */
export function declaresFreight(values: BookingFreightValues): boolean {
  return (Object.keys(EMPTY_BOOKING_FREIGHT) as BookingFreightField[]).some(
    (field) => values[field] !== EMPTY_BOOKING_FREIGHT[field]
  )
}

/**
 * The request's `weightLbs` and `freight`, or nothing when the section was left untouched. A
 * partner booking sends only `freight` (its weight is the quote's).
 */
export function toBookingFreight(values: BookingFreightValues): {
  weightLbs?: number | null
  freight?: BookingFreightInput
} {
  if (!declaresFreight(values)) return {}
  const hazmat = values.hazmat === 'yes'
  return {
    weightLbs: whole(values.weightLbs),
    freight: {
      commodity: values.commodity.trim() || null,
      pieces: whole(values.pieces),
      packaging: values.packaging,
      consignee: values.consignee.trim() || null,
      dims: { l: whole(values.length), w: whole(values.width), h: whole(values.height) },
      hazmat: hazmat
        ? {
            unNumber: values.unNumber.trim().toUpperCase(),
            hazardClass: values.hazardClass.trim().toUpperCase(),
          }
        : null,
    },
  }
}

const WEIGHT = 'Weight must be a whole number of pounds from 1 to 100000'
const DIMS = 'Dimensions must be whole inches from 1 to 1000'

/** The client's checks; the server repeats them. */
export function checkBookingFreight(
  values: BookingFreightValues
): Partial<Record<BookingFreightField, string>> {
  const errors: Partial<Record<BookingFreightField, string>> = checkFreightDetails(values)
  const weight = whole(values.weightLbs)
  if (values.weightLbs.trim() !== '' && !(weight !== null && weight >= 1 && weight <= 100_000)) {
    errors.weightLbs = WEIGHT
  }
  for (const side of ['length', 'width', 'height'] as const) {
    const value = whole(values[side])
    if (values[side].trim() !== '' && !(value !== null && value >= 1 && value <= 1000)) {
      errors[side] = DIMS
    }
  }
  return errors
}

/**
 * The class the server will store for the booking: its pallets, the typed weight (empty: the
 * default pallet's weight each) and unit size (empty: the default pallet's).
 */
export function previewBookingClass(
  values: BookingFreightValues,
  pallets: number,
  defaults: DefaultLoad | undefined,
  fixedWeightLbs?: number
) {
  if (!defaults) return null
  const perPallet = defaults.weightLbs / defaults.pallets
  return previewClass(
    {
      ...values,
      pallets: String(pallets),
      weightLbs: fixedWeightLbs === undefined ? values.weightLbs : String(fixedWeightLbs),
    },
    { pallets, weightLbs: pallets * perPallet, dims: defaults.dims }
  )
}

/** The API's field names (`freight.hazmat.unNumber`) mapped to the section's inputs. */
const SERVER_FIELDS: Record<string, BookingFreightField> = {
  'weightLbs': 'weightLbs',
  'freight.commodity': 'commodity',
  'freight.pieces': 'pieces',
  'freight.packaging': 'packaging',
  'freight.consignee': 'consignee',
  'freight.dims.l': 'length',
  'freight.dims.w': 'width',
  'freight.dims.h': 'height',
  'freight.hazmat': 'unNumber',
  'freight.hazmat.unNumber': 'unNumber',
  'freight.hazmat.hazardClass': 'hazardClass',
}

export function bookingFreightErrors(
  fieldErrors: { field: string; message: string }[]
): Partial<Record<BookingFreightField, string>> {
  const errors: Partial<Record<BookingFreightField, string>> = {}
  for (const e of fieldErrors) {
    const field = SERVER_FIELDS[e.field]
    if (field && !errors[field]) errors[field] = e.message
  }
  return errors
}
