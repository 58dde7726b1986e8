import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { freightMessages, freightRules } from '#core/freight_rules'

export const EQUIPMENT = ['VAN', 'REEFER', 'FLATBED', 'BOX', 'SPRINTER'] as const
export const MODES = ['TL', 'LTL', 'EXP'] as const
export const MAX_PRICE = 999999.99

const place = () =>
  vine.object({
    postal: vine.string().trim().minLength(5).maxLength(10),
    city: vine.string().trim().maxLength(100).nullable().optional(),
    state: vine.string().trim().maxLength(2).nullable().optional(),
    address: vine.string().trim().maxLength(255).nullable().optional(),
  })

const dimension = freightRules.dimension

/** Cents of the largest offer floor a load may carry (the price's $999,999.99). */
export const MAX_FLOOR_CENTS = 99_999_999

/**
 * The Post a Load form's fields (docs/api.md, freight listings): the one schema the single post,
 * a load template and each row of a CSV import are checked with (docs/decisions/0248).
 */
export const freightListingFormFields = () => ({
  origin: place(),
  destination: place(),
  equipment: vine.enum(EQUIPMENT).optional(),
  mode: vine.enum(MODES).optional(),
  pallets: vine.number().withoutDecimals().min(1).max(100).nullable().optional(),
  weight_lbs: vine.number().withoutDecimals().min(1).max(100_000).nullable().optional(),
  dims: vine.object({ l: dimension(), w: dimension(), h: dimension() }).nullable().optional(),
  pickup_earliest: vine.string().trim().nullable().optional(),
  delivery_latest: vine.string().trim().nullable().optional(),
  notes: vine.string().trim().maxLength(2000).nullable().optional(),
  // What the freight is (docs/decisions/0228); density and class are computed, never sent.
  // The rules every freight path shares (#core/freight_rules, docs/decisions/0257).
  commodity: freightRules.commodity(),
  pieces: freightRules.pieces(),
  packaging: freightRules.packaging(),
  consignee: freightRules.consignee(),
  hazmat: vine.boolean({ strict: true }).optional(),
  un_number: freightRules.unNumber().nullable().optional(),
  hazard_class: freightRules.hazardClass().nullable().optional(),
  /** dollars, stored as cents (docs/decisions/0202) */
  price: vine.number().min(0).max(MAX_PRICE).decimal([0, 2]).nullable().optional(),
  // The offer terms the load starts with (docs/decisions/0234, 0248); off when not given.
  allow_offers: vine.boolean({ strict: true }).optional(),
  offer_floor_cents: vine
    .number({ strict: true })
    .withoutDecimals()
    .min(1)
    .max(MAX_FLOOR_CENTS)
    .nullable()
    .optional(),
})

/** The form's messages, by field path; a template's are the same under `form.`. */
export const FREIGHT_LISTING_FORM_MESSAGES: Record<string, string> = {
  'origin.required': 'Origin ZIP is required',
  'origin.object': 'Origin ZIP is required',
  'origin.postal.required': 'Origin ZIP is required',
  'origin.postal.string': 'Origin ZIP is required',
  'origin.postal.minLength': 'Origin ZIP is required',
  'origin.postal.maxLength': 'Origin ZIP not found',
  'destination.required': 'Destination ZIP is required',
  'destination.object': 'Destination ZIP is required',
  'destination.postal.required': 'Destination ZIP is required',
  'destination.postal.string': 'Destination ZIP is required',
  'destination.postal.minLength': 'Destination ZIP is required',
  'destination.postal.maxLength': 'Destination ZIP not found',
  'equipment.enum': 'Equipment must be one of VAN, REEFER, FLATBED, BOX, SPRINTER',
  'mode.enum': 'Mode must be one of TL, LTL, EXP',
  'pallets.number': 'Pallets must be at least 1',
  'pallets.min': 'Pallets must be at least 1',
  'pallets.withoutDecimals': 'Pallets must be a whole number',
  'pallets.max': 'Pallets cannot exceed 100',
  'weight_lbs.number': 'Weight must be at least 1 lb',
  'weight_lbs.min': 'Weight must be at least 1 lb',
  'weight_lbs.withoutDecimals': 'Weight must be a whole number of pounds',
  'weight_lbs.max': 'Weight cannot exceed 100000 lb',
  'dims.*.number': 'Dimensions must be at least 1 inch',
  'dims.*.min': 'Dimensions must be at least 1 inch',
  'price.number': 'Price cannot be negative',
  'price.min': 'Price cannot be negative',
  'price.max': `Price cannot exceed ${MAX_PRICE}`,
  'price.decimal': 'Price can have at most 2 decimals',
  ...freightMessages({
    commodity: 'commodity',
    pieces: 'pieces',
    packaging: 'packaging',
    consignee: 'consignee',
    unNumber: 'un_number',
    hazardClass: 'hazard_class',
  }),
  'hazmat.boolean': 'Hazmat must be true or false',
  'allow_offers.boolean': 'Say whether the load takes offers',
  'offer_floor_cents.number': 'Offer floor must be a whole number of cents',
  'offer_floor_cents.withoutDecimals': 'Offer floor must be a whole number of cents',
  'offer_floor_cents.min': 'Offer floor must be at least 1 cent',
  'offer_floor_cents.max': 'Offer floor is too large',
}

/** The Post a Load form, for the estimate and for publishing. */
export const freightListingFormValidator = vine.compile(vine.object(freightListingFormFields()))
freightListingFormValidator.messagesProvider = new SimpleMessagesProvider(
  FREIGHT_LISTING_FORM_MESSAGES
)

const zip = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{1,5}$/)
    .optional()

/** The board's filters; empty values are dropped before validation. */
/** The most loads one board read answers (the default page is smaller, decision 0072). */
export const MAX_BOARD_PAGE = 100

export const boardQueryValidator = vine.compile(
  vine.object({
    equipment: vine.enum(EQUIPMENT).optional(),
    mode: vine.enum(MODES).optional(),
    origin_zip: zip(),
    dest_zip: zip(),
    funded: vine.enum(['true', 'false']).optional(),
    limit: vine.number().withoutDecimals().range([1, MAX_BOARD_PAGE]).optional(),
  })
)
boardQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'limit.number': `Limit must be a whole number from 1 to ${MAX_BOARD_PAGE}`,
  'limit.withoutDecimals': `Limit must be a whole number from 1 to ${MAX_BOARD_PAGE}`,
  'limit.range': `Limit must be a whole number from 1 to ${MAX_BOARD_PAGE}`,
  'origin_zip.regex': 'Origin ZIP filter must be 1 to 5 digits',
  'dest_zip.regex': 'Destination ZIP filter must be 1 to 5 digits',
  'equipment.enum': 'Equipment must be one of VAN, REEFER, FLATBED, BOX, SPRINTER',
  'mode.enum': 'Mode must be one of TL, LTL, EXP',
  'funded.enum': 'Funded must be true or false',
})

/** A shipper invites a carrier they have shipped with. */
export const inviteValidator = vine.compile(
  vine.object({
    // The handle from invite-candidates (docs/decisions/0157), never a carrier id.
    candidateId: vine
      .string()
      .trim()
      .regex(/^pc_[A-Za-z0-9_-]{22}$/),
  })
)
inviteValidator.messagesProvider = new SimpleMessagesProvider({
  'candidateId.required': 'Choose a carrier to invite',
  'candidateId.string': 'Choose a carrier to invite',
  'candidateId.regex': 'Choose a carrier to invite',
})

/** The longest name a load template takes. */
export const MAX_TEMPLATE_NAME = 100

const templateName = () => vine.string().trim().minLength(1).maxLength(MAX_TEMPLATE_NAME)
const TEMPLATE_NAME_MESSAGES = {
  'name.required': 'Name is required',
  'name.string': 'Name is required',
  'name.minLength': 'Name is required',
  'name.maxLength': `Name cannot exceed ${MAX_TEMPLATE_NAME} characters`,
}

/**
 * A load template (docs/decisions/0248): a name and the post-load form, checked with the form's
 * own schema and messages (its dates are dropped, never kept).
 */
export const loadTemplateValidator = vine.compile(
  vine.object({ name: templateName(), form: vine.object(freightListingFormFields()) })
)
loadTemplateValidator.messagesProvider = new SimpleMessagesProvider({
  ...TEMPLATE_NAME_MESSAGES,
  'form.required': 'Form is required',
  'form.object': 'Form is required',
  ...Object.fromEntries(
    Object.entries(FREIGHT_LISTING_FORM_MESSAGES).map(([key, message]) => [`form.${key}`, message])
  ),
})

/** A template's new name, or the name of a template saved from a posted load. */
export const templateNameValidator = vine.compile(vine.object({ name: templateName() }))
templateNameValidator.messagesProvider = new SimpleMessagesProvider(TEMPLATE_NAME_MESSAGES)

/** A CSV of loads, as text (docs/decisions/0248); its size is checked before it is parsed. */
export const loadImportValidator = vine.compile(vine.object({ csv: vine.string() }))
loadImportValidator.messagesProvider = new SimpleMessagesProvider({
  'csv.required': 'Choose a CSV file of loads',
  'csv.string': 'Choose a CSV file of loads',
})
