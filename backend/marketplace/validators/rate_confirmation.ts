import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/**
 * POST /api/bookings/:id/rate-confirmation/accept: the name the carrier signs with, printed as
 * typed; without one, the signed-in user's own name (docs/decisions/0226).
 */
export const acceptRateConfirmationValidator = vine.compile(
  vine.object({ name: vine.string().trim().minLength(2).maxLength(200).optional() })
)
acceptRateConfirmationValidator.messagesProvider = new SimpleMessagesProvider({
  'name.string': 'Name must be text',
  'name.minLength': 'Name must have at least 2 characters',
  'name.maxLength': 'Name must have at most 200 characters',
})
