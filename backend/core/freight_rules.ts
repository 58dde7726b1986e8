/**
 * The VineJS rules and messages of what freight is (docs/decisions/0228, 0257), written once:
 * the Post a Load form's flat fields (freight_board) and the `freight` object of an instant or a
 * partner booking (marketplace, tms) are checked with these same rules, so a commodity, a UN
 * number or a hazard class one path takes, the others take too.
 */
import vine from '@vinejs/vine'
import {
  HAZARD_CLASS_PATTERN,
  PACKAGING_TYPES,
  UN_NUMBER_PATTERN,
} from '../../contract/freight_class.js'

export const MAX_COMMODITY = 100
export const MAX_CONSIGNEE = 100
export const MAX_PIECES = 10_000
/** The heaviest freight a load or a booking declares, pounds. */
export const MAX_FREIGHT_WEIGHT_LBS = 100_000

export const freightRules = {
  commodity: () => vine.string().trim().maxLength(MAX_COMMODITY).nullable().optional(),
  pieces: () => vine.number().withoutDecimals().min(1).max(MAX_PIECES).nullable().optional(),
  packaging: () => vine.enum(PACKAGING_TYPES).nullable().optional(),
  consignee: () => vine.string().trim().maxLength(MAX_CONSIGNEE).nullable().optional(),
  /** one handling unit's length, width or height, whole inches */
  dimension: () => vine.number().withoutDecimals().min(1).max(1000).nullable().optional(),
  unNumber: () => vine.string().trim().toUpperCase().regex(UN_NUMBER_PATTERN),
  hazardClass: () => vine.string().trim().toUpperCase().regex(HAZARD_CLASS_PATTERN),
  weightLbs: () =>
    vine.number().withoutDecimals().min(1).max(MAX_FREIGHT_WEIGHT_LBS).nullable().optional(),
}

export const UN_NUMBER_MESSAGE = 'UN number must be UN followed by four digits, UN0000 to UN3999'
export const HAZARD_CLASS_MESSAGE =
  'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)'
export const WEIGHT_MESSAGE = `Weight must be a whole number of pounds from 1 to ${MAX_FREIGHT_WEIGHT_LBS}`

/** The messages of the freight fields, keyed by the field paths `at` names. */
export function freightMessages(at: {
  commodity: string
  pieces: string
  packaging: string
  consignee: string
  unNumber: string
  hazardClass: string
}): Record<string, string> {
  return {
    [`${at.commodity}.string`]: 'Commodity must be text',
    [`${at.commodity}.maxLength`]: `Commodity cannot exceed ${MAX_COMMODITY} characters`,
    [`${at.pieces}.number`]: 'Pieces must be at least 1',
    [`${at.pieces}.min`]: 'Pieces must be at least 1',
    [`${at.pieces}.withoutDecimals`]: 'Pieces must be a whole number',
    [`${at.pieces}.max`]: `Pieces cannot exceed ${MAX_PIECES}`,
    [`${at.packaging}.enum`]: `Packaging must be one of ${PACKAGING_TYPES.join(', ')}`,
    [`${at.consignee}.string`]: 'Consignee must be text',
    [`${at.consignee}.maxLength`]: `Consignee cannot exceed ${MAX_CONSIGNEE} characters`,
    [`${at.unNumber}.required`]: 'UN number is required for hazmat freight',
    [`${at.unNumber}.string`]: 'UN number must look like UN1203',
    [`${at.unNumber}.regex`]: UN_NUMBER_MESSAGE,
    [`${at.hazardClass}.required`]: 'Hazard class is required for hazmat freight',
    [`${at.hazardClass}.string`]: HAZARD_CLASS_MESSAGE,
    [`${at.hazardClass}.regex`]: HAZARD_CLASS_MESSAGE,
  }
}

/**
 * A booking's `freight` object (docs/decisions/0257): what the freight is and each handling
 * unit's size. Hazmat is an object naming both its UN number and its hazard class, so hazmat
 * freight without either cannot be sent; null or absent is not hazardous. Density and class are
 * never read: VineJS drops unknown keys and the server computes them.
 */
export const bookingFreightInput = () =>
  vine
    .object({
      commodity: freightRules.commodity(),
      pieces: freightRules.pieces(),
      packaging: freightRules.packaging(),
      consignee: freightRules.consignee(),
      dims: vine
        .object({
          l: freightRules.dimension(),
          w: freightRules.dimension(),
          h: freightRules.dimension(),
        })
        .nullable()
        .optional(),
      hazmat: vine
        .object({ unNumber: freightRules.unNumber(), hazardClass: freightRules.hazardClass() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional()

/** The messages of a booking's `freight` object, under `freight.`. */
export const BOOKING_FREIGHT_MESSAGES: Record<string, string> = {
  'freight.object': 'Freight must be an object of commodity, pieces, packaging, consignee...',
  ...freightMessages({
    commodity: 'freight.commodity',
    pieces: 'freight.pieces',
    packaging: 'freight.packaging',
    consignee: 'freight.consignee',
    unNumber: 'freight.hazmat.unNumber',
    hazardClass: 'freight.hazmat.hazardClass',
  }),
  'freight.dims.object': 'Dimensions must be length, width and height in inches',
  ...Object.fromEntries(
    ['l', 'w', 'h'].flatMap((side) =>
      ['number', 'withoutDecimals', 'min', 'max'].map((rule) => [
        `freight.dims.${side}.${rule}`,
        'Dimensions must be whole inches from 1 to 1000',
      ])
    )
  ),
  'freight.hazmat.object': 'Hazmat must name its unNumber and hazardClass',
}
