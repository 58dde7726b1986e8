import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { newPassword, newPasswordMessages } from '#accounts/validators/password_rules'
import { RESET_LINK_NOT_VALID } from '#accounts/services/password_reset_service'

/** "Forgot password?": the address to send the link to (docs/decisions/0216). */
export const forgotPasswordValidator = vine.compile(
  vine.object({ email: vine.string().trim().toLowerCase().email().maxLength(254) })
)
forgotPasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Invalid email address',
  'email.string': 'Invalid email address',
  'email.email': 'Invalid email address',
  'email.maxLength': 'Invalid email address',
})

/** The link's token and the new password, by decision 0167's rules. */
export const resetPasswordValidator = vine.compile(
  vine.object({
    token: vine.string().trim().minLength(1).maxLength(200),
    password: newPassword(),
  })
)
resetPasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'token.required': RESET_LINK_NOT_VALID,
  'token.string': RESET_LINK_NOT_VALID,
  'token.minLength': RESET_LINK_NOT_VALID,
  'token.maxLength': RESET_LINK_NOT_VALID,
  ...newPasswordMessages('password'),
})
