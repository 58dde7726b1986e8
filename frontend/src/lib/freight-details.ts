// What freight is, as every form that takes it holds it (docs/decisions/0228, 0257): the Post a
// Load form and the instant booking form share these values, checks and the class preview.
import {
  freightClassOf,
  HAZARD_CLASS_PATTERN,
  UN_NUMBER_PATTERN,
  type FreightClass,
  type PackagingType,
} from '@/lib/freight-class'

/** The freight inputs as typed. */
export type FreightDetailsValues = {
  commodity: string
  pieces: string
  packaging: PackagingType
  consignee: string
  /** 'yes' when the hazmat box is ticked */
  hazmat: '' | 'yes'
  unNumber: string
  hazardClass: string
}

export type FreightDetailsField = keyof FreightDetailsValues

export const EMPTY_FREIGHT_DETAILS: FreightDetailsValues = {
  commodity: '',
  pieces: '',
  packaging: 'PALLET',
  consignee: '',
  hazmat: '',
  unNumber: '',
  hazardClass: '',
}

export const PACKAGING_LABELS: Record<PackagingType, string> = {
  PALLET: 'Pallets',
  SKID: 'Skids',
  CRATE: 'Crates',
  BOX: 'Boxes',
  DRUM: 'Drums',
  BUNDLE: 'Bundles',
  ROLL: 'Rolls',
  BAG: 'Bags',
}

export const UN_NUMBER_MESSAGE = 'UN number must be UN followed by four digits, UN0000 to UN3999'
export const HAZARD_CLASS_MESSAGE =
  'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)'

/** The client's checks of the freight inputs; the server repeats them. */
export function checkFreightDetails(
  values: FreightDetailsValues
): Partial<Record<FreightDetailsField, string>> {
  const errors: Partial<Record<FreightDetailsField, string>> = {}
  if (values.pieces.trim() !== '' && !(Number(values.pieces) >= 1)) {
    errors.pieces = 'Pieces must be at least 1'
  }
  if (values.hazmat === 'yes') {
    if (!UN_NUMBER_PATTERN.test(values.unNumber.trim().toUpperCase())) {
      errors.unNumber = UN_NUMBER_MESSAGE
    }
    if (!HAZARD_CLASS_PATTERN.test(values.hazardClass.trim().toUpperCase())) {
      errors.hazardClass = HAZARD_CLASS_MESSAGE
    }
  }
  return errors
}

/** A number typed, or the fallback for an empty input; null when it cannot be read. */
function readNumber(text: string, fallback: number): number | null {
  if (text.trim() === '') return fallback
  const value = Number(text)
  return Number.isFinite(value) && value >= 1 ? value : null
}

/**
 * The density and class the server will store for what is typed, an empty number standing for
 * its fallback (the default load's, decision 0201); null while an input cannot be read. The
 * same function as the server's (contract/freight_class.ts, decision 0228).
 */
export function previewClass(
  typed: { pallets: string; weightLbs: string; length: string; width: string; height: string },
  fallback: { pallets: number; weightLbs: number; dims: { l: number; w: number; h: number } }
): { densityPcf: number; freightClass: FreightClass } | null {
  const pallets = readNumber(typed.pallets, fallback.pallets)
  const weight = readNumber(typed.weightLbs, fallback.weightLbs)
  const l = readNumber(typed.length, fallback.dims.l)
  const w = readNumber(typed.width, fallback.dims.w)
  const h = readNumber(typed.height, fallback.dims.h)
  if (pallets === null || weight === null || l === null || w === null || h === null) return null
  // The server keeps whole pallets and pounds.
  return freightClassOf(Math.trunc(weight), Math.trunc(pallets), { l, w, h })
}

/** "UN1263, hazard class 3", or null for freight that is not hazardous. */
export function hazmatLine(
  hazmat: { unNumber: string; hazardClass: string } | null
): string | null {
  return hazmat ? `${hazmat.unNumber}, hazard class ${hazmat.hazardClass}` : null
}
