import vine, { SimpleMessagesProvider } from '@vinejs/vine'

const REASON = 'Give the reason for revealing this carrier (10 to 500 characters)'

/** POST /api/admin/bookings/:id/reveal-carrier: why the admin needs the identity (0186). */
export const revealReasonValidator = vine.compile(
  vine.object({ reason: vine.string().trim().minLength(10).maxLength(500) })
)
revealReasonValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': REASON,
  'reason.string': REASON,
  'reason.minLength': REASON,
  'reason.maxLength': REASON,
})
