import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const tiers = () =>
  vine
    .array(
      vine.object({
        fromDay: vine.number().withoutDecimals().min(2).max(365),
        perDay: vine.number().decimal([0, 2]).min(0.01).max(100000),
      })
    )
    .maxLength(5)
    .distinct('fromDay')
    .optional()

/** An admin's terminal: a port or rail ramp with its code, UN/LOCODE and optional charge tiers. */
export const terminalValidator = vine.compile(
  vine.object({
    code: vine
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,20}$/),
    name: vine.string().trim().minLength(2).maxLength(200),
    unLocode: vine
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/)
      .optional(),
    address: vine.string().trim().minLength(5).maxLength(255),
    kind: vine.enum(['PORT', 'RAIL'] as const),
    demurrageTiers: tiers(),
    perDiemTiers: tiers(),
    /** the line-haul tariff (docs/decisions/0187): a price in cents per distance band */
    lineHaulBands: vine
      .array(
        vine.object({
          upToMiles: vine.number().withoutDecimals().min(1).max(500),
          cents: vine.number().withoutDecimals().min(100).max(10_000_000),
        })
      )
      .maxLength(10)
      .distinct('upToMiles')
      .optional(),
  })
)
terminalValidator.messagesProvider = new SimpleMessagesProvider({
  'code.required': 'Terminal code is required',
  'code.regex': 'A terminal code is 2 to 20 letters or digits',
  'name.required': 'Terminal name is required',
  'name.minLength': 'Terminal name is required',
  'unLocode.regex': 'A UN/LOCODE is a country and three letters, e.g. USLAX',
  'address.required': 'Address is required',
  'address.minLength': 'Address is required',
  'kind.required': 'Choose port or rail ramp',
  'kind.enum': 'Choose port or rail ramp',
  'demurrageTiers.*.fromDay.min': 'A tier starts on charge day 2 or later',
  'perDiemTiers.*.fromDay.min': 'A tier starts on charge day 2 or later',
  'demurrageTiers.*.perDay.min': 'A tier rate must be greater than 0',
  'perDiemTiers.*.perDay.min': 'A tier rate must be greater than 0',
  'demurrageTiers.distinct': 'Each tier starts on a different day',
  'perDiemTiers.distinct': 'Each tier starts on a different day',
  'lineHaulBands.*.upToMiles.min': 'A band reaches 1 to 500 miles',
  'lineHaulBands.*.upToMiles.max': 'A band reaches 1 to 500 miles',
  'lineHaulBands.*.upToMiles.withoutDecimals': 'A band reaches a whole number of miles',
  'lineHaulBands.*.upToMiles.required': 'A band reaches 1 to 500 miles',
  'lineHaulBands.*.cents.min': 'A band price is $1.00 to $100,000.00 (in cents)',
  'lineHaulBands.*.cents.max': 'A band price is $1.00 to $100,000.00 (in cents)',
  'lineHaulBands.*.cents.withoutDecimals': 'A band price is a whole number of cents',
  'lineHaulBands.*.cents.required': 'A band price is $1.00 to $100,000.00 (in cents)',
  'lineHaulBands.maxLength': 'At most 10 distance bands',
  'lineHaulBands.distinct': 'Each band reaches a different distance',
})
