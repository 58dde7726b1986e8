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
})
