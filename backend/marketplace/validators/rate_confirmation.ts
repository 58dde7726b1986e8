import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/**
 * POST /api/bookings/:id/rate-confirmation/accept: the name the carrier signs with, printed as
 * typed; without one, the signed-in user's own name (docs/decisions/0226); and the revision read
 * (`number`, decision 0250).
 */
export const acceptRateConfirmationValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(2).maxLength(200).optional(),
    /** the revision read (docs/decisions/0250): a newer one is a 409 */
    number: vine
      .string()
      .trim()
      .regex(/^RC-\d{4}-\d{7}(-R\d{1,4})?$/)
      .optional(),
  })
)
acceptRateConfirmationValidator.messagesProvider = new SimpleMessagesProvider({
  'name.string': 'Name must be text',
  'name.minLength': 'Name must have at least 2 characters',
  'name.maxLength': 'Name must have at most 200 characters',
  'number.string': 'Number must be text',
  'number.regex': 'Number must be a rate confirmation number such as RC-2026-0000042-R1',
})
