import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { validationError } from '#core/validation'
import { MAX_LINES } from '#finance/validators/finance'

const NUMBER = ['required', 'number', 'withoutDecimals', 'decimal', 'range']
const DAY = ['required', 'string', 'regex']
const rules = (field: string, message: string, names: string[]) =>
  Object.fromEntries(names.map((rule) => [`${field}.${rule}`, message]))

const day = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .transform((value, field) => {
      if (!DateTime.fromISO(value, { zone: 'utc' }).isValid) {
        field.report('{{ field }} must be a real date', 'date', field)
      }
      return value
    })

/**
 * POST /api/drayage/moves/:id/invoices: without `lines` the invoice bills the charges logistics
 * computes; with them, the carrier's own day counts (which the audit checks).
 */
/** A 422 naming the first line whose last day is before its first day, if any. */
export function dateOrderErrors(lines: { from: string; to: string }[]) {
  const index = lines.findIndex((line) => line.to < line.from)
  if (index < 0) return null
  return validationError([
    {
      field: `lines.${index}.to`,
      message: 'Last day cannot be before first day',
      rule: 'dateOrder',
    },
  ])
}

export const drayageInvoiceValidator = vine.compile(
  vine.object({
    lines: vine
      .array(
        vine.object({
          code: vine.enum(['DEMURRAGE', 'PER_DIEM'] as const),
          days: vine.number().withoutDecimals().range([1, 365]),
          unitPrice: vine.number().decimal([0, 2]).range([0.01, 100_000]),
          from: day(),
          to: day(),
        })
      )
      .minLength(1)
      .maxLength(MAX_LINES)
      .optional(),
  })
)
drayageInvoiceValidator.messagesProvider = new SimpleMessagesProvider({
  'lines.array.minLength': 'Give at least one line, or none to bill the computed charges',
  'lines.array.maxLength': `An invoice has at most ${MAX_LINES} lines`,
  'lines.*.code.enum': 'Line code must be DEMURRAGE or PER_DIEM',
  'lines.*.code.required': 'Line code must be DEMURRAGE or PER_DIEM',
  ...rules('lines.*.days', 'Days must be a whole number from 1 to 365', NUMBER),
  ...rules('lines.*.unitPrice', 'Daily rate must be 0.01 to 100000 dollars, 2 decimals', NUMBER),
  ...rules('lines.*.from', 'First day must be a date (YYYY-MM-DD)', DAY),
  ...rules('lines.*.to', 'Last day must be a date (YYYY-MM-DD)', DAY),
})
