import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { TRAILER_PALLETS, TRAILER_WEIGHT_LBS } from '#core/load_rules'
import { BOOKING_FREIGHT_MESSAGES, bookingFreightInput } from '#core/freight_rules'

export const QUOTE_MODES = ['LTL', 'TL', 'EXP'] as const
export const MISSING_POSTALS =
  'Missing Information: Please enter both origin and destination postal codes'
const WEIGHT_RANGE = `Weight must be a whole number of pounds from 1 to ${TRAILER_WEIGHT_LBS.toLocaleString('en-US')}`
/**
 * A postal code sent as a JSON number (or any non-string) is refused with its type, not taken
 * for a missing one: a ZIP as a number has lost its leading zeros (02134 → 2134), so it is not
 * converted either (decision 0169).
 */
const notAString = (which: string) =>
  `${which} postal code must be a string, e.g. "02134" (a number loses its leading zeros)`

const stop = () =>
  vine.object({
    postal: vine.string().trim().minLength(1).maxLength(10),
  })

/** POST /api/tms/quotes (docs/spec.md §7: origin/destination postal, weight_lbs, mode). */
export const quoteRequestValidator = vine.compile(
  vine.object({
    origin: stop(),
    destination: stop(),
    weight_lbs: vine
      .number()
      .withoutDecimals()
      .min(1)
      .max(TRAILER_WEIGHT_LBS)
      .nullable()
      .optional(),
    mode: vine.enum(QUOTE_MODES).optional(),
  })
)
quoteRequestValidator.messagesProvider = new SimpleMessagesProvider({
  'origin.required': MISSING_POSTALS,
  'origin.object': MISSING_POSTALS,
  'origin.postal.required': MISSING_POSTALS,
  'origin.postal.string': notAString('Origin'),
  'origin.postal.minLength': MISSING_POSTALS,
  'origin.postal.maxLength': 'Origin postal code not found',
  'destination.required': MISSING_POSTALS,
  'destination.object': MISSING_POSTALS,
  'destination.postal.required': MISSING_POSTALS,
  'destination.postal.string': notAString('Destination'),
  'destination.postal.minLength': MISSING_POSTALS,
  'destination.postal.maxLength': 'Destination postal code not found',
  'weight_lbs.number': WEIGHT_RANGE,
  'weight_lbs.withoutDecimals': WEIGHT_RANGE,
  'weight_lbs.min': WEIGHT_RANGE,
  'weight_lbs.max': WEIGHT_RANGE,
  'mode.enum': 'Mode must be one of LTL, TL, EXP',
})

/** A shipper's reference is printed on a partner's BOL: partners take up to 35 characters. */
export const MAX_SHIPPER_REFERENCE = 35

/**
 * POST /api/tms/quotes/:id/book: what the quote does not already say. The partner's trailer takes
 * `TRAILER_PALLETS` (the demo partner refuses more).
 */
const PALLETS_RANGE = `Pallets must be a whole number from 1 to ${TRAILER_PALLETS}`

export const bookQuoteValidator = vine.compile(
  vine.object({
    pickup_date: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/),
    pallets: vine.number().withoutDecimals().min(1).max(TRAILER_PALLETS).nullable().optional(),
    pickup_address: vine.string().trim().maxLength(255).nullable().optional(),
    delivery_address: vine.string().trim().maxLength(255).nullable().optional(),
    special_instructions: vine.string().trim().maxLength(2000).nullable().optional(),
    /** the shipper's own reference (a PO number), printed on the partner's BOL */
    shipper_reference: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(MAX_SHIPPER_REFERENCE)
      .regex(/^[\x20-\x7E]+$/)
      .nullable()
      .optional(),
    /** what the freight is, the same object an instant booking takes (docs/decisions/0257) */
    freight: bookingFreightInput(),
  })
)
bookQuoteValidator.messagesProvider = new SimpleMessagesProvider({
  'pickup_date.required': 'Pickup date is required',
  'pickup_date.string': 'Pickup date is required',
  'pickup_date.regex': 'Pickup date must be a date, YYYY-MM-DD',
  'shipper_reference.string': `Shipper reference must be 1 to ${MAX_SHIPPER_REFERENCE} printable characters`,
  'shipper_reference.minLength': `Shipper reference must be 1 to ${MAX_SHIPPER_REFERENCE} printable characters`,
  'shipper_reference.maxLength': `Shipper reference must be 1 to ${MAX_SHIPPER_REFERENCE} printable characters`,
  'shipper_reference.regex': `Shipper reference must be 1 to ${MAX_SHIPPER_REFERENCE} printable characters`,
  'pallets.number': PALLETS_RANGE,
  'pallets.withoutDecimals': PALLETS_RANGE,
  'pallets.min': PALLETS_RANGE,
  'pallets.max': PALLETS_RANGE,
  'pickup_address.maxLength': 'Pickup address must be at most 255 characters',
  'delivery_address.maxLength': 'Delivery address must be at most 255 characters',
  'special_instructions.maxLength': 'Special instructions must be at most 2000 characters',
  ...BOOKING_FREIGHT_MESSAGES,
})
