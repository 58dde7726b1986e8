import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { MAX_DIESEL_PRICE, MIN_DIESEL_PRICE } from '#finance/diesel_csv'

/** The most lines a recorded partner invoice carries. */
export const MAX_LINES = 30
export const MAX_CSV_CHARS = 200_000
const CODE = /^[A-Z][A-Z0-9_]{1,19}$/

const isoDay = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .transform((value, field) => {
      if (!DateTime.fromISO(value, { zone: 'utc' }).isValid) {
        field.report('The {{ field }} field must be a real date', 'date', field)
      }
      return value
    })

const moment = () =>
  vine
    .string()
    .trim()
    .transform((value, field) => {
      const at = DateTime.fromISO(value, { setZone: true })
      if (!at.isValid || !/T\d{2}:\d{2}/.test(value)) {
        field.report('The {{ field }} field must be a date and time', 'dateTime', field)
      }
      return at
    })

const money = (max: number) => vine.number().decimal([0, 2]).min(0).max(max)

const NUMBER_RULES = ['number', 'decimal', 'range', 'min', 'max', 'positive', 'withoutDecimals']
const STRING_RULES = ['string', 'regex', 'minLength', 'maxLength']

/** One message for every way a field can be wrong. */
function each(field: string, message: string) {
  return Object.fromEntries(
    [...NUMBER_RULES, ...STRING_RULES].map((rule) => [`${field}.${rule}`, message])
  )
}

const dateMessages = (field: string, label: string) => ({
  [`${field}.required`]: `${label} is required`,
  [`${field}.regex`]: `${label} must be a date (YYYY-MM-DD)`,
  [`${field}.date`]: `${label} must be a date (YYYY-MM-DD)`,
})

/** POST /api/admin/finance/fuel-index */
export const fuelWeekValidator = vine.compile(
  vine.object({
    indexDate: isoDay(),
    dieselPrice: vine.number().decimal([0, 3]).range([MIN_DIESEL_PRICE, MAX_DIESEL_PRICE]),
  })
)
fuelWeekValidator.messagesProvider = new SimpleMessagesProvider({
  ...dateMessages('indexDate', 'Week'),
  'dieselPrice.required': 'Diesel price is required',
  ...each(
    'dieselPrice',
    `Diesel price must be between ${MIN_DIESEL_PRICE} and ${MAX_DIESEL_PRICE} dollars a gallon, at most 3 decimals`
  ),
})

/** POST /api/admin/finance/fuel-index/import: the CSV's text (uploads are not multipart here). */
export const fuelCsvValidator = vine.compile(
  vine.object({ csv: vine.string().minLength(1).maxLength(MAX_CSV_CHARS) })
)
fuelCsvValidator.messagesProvider = new SimpleMessagesProvider({
  'csv.required': 'Choose a CSV file',
  'csv.minLength': 'Choose a CSV file',
  'csv.maxLength': `The file must be at most ${MAX_CSV_CHARS / 1000} kB`,
})

/** POST /api/admin/finance/fuel-surcharge-tables */
export const surchargeTableValidator = vine.compile(
  vine.object({
    effectiveDate: isoDay(),
    basePrice: vine.number().decimal([0, 3]).range([0, MAX_DIESEL_PRICE]),
    step: vine.number().decimal([0, 3]).range([0.001, 5]),
  })
)
surchargeTableValidator.messagesProvider = new SimpleMessagesProvider({
  ...dateMessages('effectiveDate', 'Effective date'),
  'basePrice.required': 'Base price is required',
  ...each(
    'basePrice',
    `Base price must be between 0 and ${MAX_DIESEL_PRICE} dollars, at most 3 decimals`
  ),
  'step.required': 'Step is required',
  ...each('step', 'Step must be between 0.001 and 5 dollars, at most 3 decimals'),
})

const accessorialFields = {
  description: vine.string().trim().minLength(3).maxLength(255),
  defaultPrice: money(100_000),
}
const accessorialMessages = {
  'code.required': 'Code is required',
  'code.regex':
    'Code must be 2 to 20 capital letters, digits or underscores, starting with a letter',
  'description.required': 'Description is required',
  'description.minLength': 'Description must be 3 to 255 characters',
  'description.maxLength': 'Description must be 3 to 255 characters',
  'defaultPrice.required': 'Default price is required',
  ...each(
    'defaultPrice',
    'Default price must be between 0 and 100000 dollars, with at most 2 decimals'
  ),
}

/** POST /api/admin/finance/accessorials */
export const createAccessorialValidator = vine.compile(
  vine.object({ code: vine.string().trim().toUpperCase().regex(CODE), ...accessorialFields })
)
createAccessorialValidator.messagesProvider = new SimpleMessagesProvider(accessorialMessages)

/** PUT /api/admin/finance/accessorials/:code */
export const updateAccessorialValidator = vine.compile(vine.object(accessorialFields))
updateAccessorialValidator.messagesProvider = new SimpleMessagesProvider(accessorialMessages)

/** PUT /api/bookings/:id/stop-times */
export const stopTimeValidator = vine.compile(
  vine.object({
    stop: vine.enum(['PICKUP', 'DELIVERY'] as const),
    arrivedAt: moment(),
    departedAt: moment(),
  })
)
stopTimeValidator.messagesProvider = new SimpleMessagesProvider({
  'stop.required': 'Stop is required',
  'stop.enum': 'Stop must be PICKUP or DELIVERY',
  'arrivedAt.required': 'Arrival time is required',
  'arrivedAt.dateTime': 'Arrival must be a date and time',
  'departedAt.required': 'Departure time is required',
  'departedAt.dateTime': 'Departure must be a date and time',
})

/** POST /api/bookings/:id/detention */
export const detentionValidator = vine.compile(
  vine.object({ stop: vine.enum(['PICKUP', 'DELIVERY'] as const) })
)
detentionValidator.messagesProvider = new SimpleMessagesProvider({
  'stop.required': 'Stop is required',
  'stop.enum': 'Stop must be PICKUP or DELIVERY',
})

/** POST /api/bookings/:id/accessorials: a charge added after booking, with its evidence. */
export const chargeValidator = vine.compile(
  vine.object({
    code: vine.string().trim().toUpperCase().regex(CODE),
    quantity: vine.number().decimal([0, 2]).range([0.25, 99]).optional(),
    note: vine.string().trim().minLength(5).maxLength(500),
    documentId: vine.number().withoutDecimals().positive().optional(),
  })
)
chargeValidator.messagesProvider = new SimpleMessagesProvider({
  'code.required': 'Choose an accessorial',
  'code.regex': 'Choose an accessorial',
  ...each('quantity', 'Quantity must be between 0.25 and 99, with at most 2 decimals'),
  'note.required': 'Describe what happened (the evidence)',
  'note.minLength': 'Describe what happened (the evidence), at least 5 characters',
  'note.maxLength': 'The note must be at most 500 characters',
  ...each('documentId', 'Document must be one uploaded for this booking'),
})

/** POST /api/advanced-invoices/:id/decision: the shipper's answer to a flagged invoice. */
export const decisionValidator = vine.compile(
  vine.object({
    decision: vine.enum(['ACCEPTED', 'DISPUTED'] as const),
    reason: vine
      .string()
      .trim()
      .minLength(10)
      .maxLength(500)
      .optional()
      .requiredWhen('decision', '=', 'DISPUTED'),
  })
)
decisionValidator.messagesProvider = new SimpleMessagesProvider({
  'decision.required': 'Decision is required',
  'decision.enum': 'Decision must be ACCEPTED or DISPUTED',
  'reason.required': 'Say why you dispute the invoice',
  'reason.minLength': 'Say why you dispute the invoice, at least 10 characters',
  'reason.maxLength': 'The reason must be at most 500 characters',
})

/** POST /api/admin/finance/bookings/:id/partner-invoice: the partner's lines as billed. */
export const partnerInvoiceValidator = vine.compile(
  vine.object({
    lines: vine
      .array(
        vine.object({
          code: vine.string().trim().toUpperCase().regex(CODE),
          description: vine.string().trim().minLength(2).maxLength(120),
          quantity: vine.number().decimal([0, 2]).range([0.01, 999]),
          unitPrice: money(1_000_000),
        })
      )
      .minLength(1)
      .maxLength(MAX_LINES),
  })
)
partnerInvoiceValidator.messagesProvider = new SimpleMessagesProvider({
  'lines.required': 'An invoice has at least one line',
  'lines.array.minLength': 'An invoice has at least one line',
  'lines.array.maxLength': `An invoice has at most ${MAX_LINES} lines`,
  ...each('lines.*.code', 'Line code must be 2 to 20 capital letters, digits or underscores'),
  ...each('lines.*.description', 'Line description must be 2 to 120 characters'),
  ...each('lines.*.quantity', 'Line quantity must be between 0.01 and 999'),
  ...each('lines.*.unitPrice', 'Line unit price must be between 0 and 1000000 dollars, 2 decimals'),
})
