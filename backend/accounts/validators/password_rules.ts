import vine from '@vinejs/vine'
import { COMMON_PASSWORDS } from '#accounts/validators/common_passwords'

/**
 * What a new password must be, on registration and a password change (docs/decisions/0167):
 * at least 12 characters and not a common password. Passwords set before the rule still sign
 * in: only a new one is checked.
 */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 200
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
export const PASSWORD_TOO_COMMON = 'This password is too common: choose one that is harder to guess'

/** Whether a password is on the bundled list of common ones, in any letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase())
}

const notCommon = vine.createRule((value, _options, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (isCommonPassword(value)) field.report(PASSWORD_TOO_COMMON, 'notCommon', field)
})

/** The schema of a new password. */
export const newPassword = () =>
  vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(PASSWORD_MAX_LENGTH).use(notCommon())

/** Its messages under the field's name (`password`, `newPassword`). */
export function newPasswordMessages(field: string): Record<string, string> {
  return {
    [`${field}.required`]: PASSWORD_TOO_SHORT,
    [`${field}.string`]: PASSWORD_TOO_SHORT,
    [`${field}.minLength`]: PASSWORD_TOO_SHORT,
    [`${field}.maxLength`]: PASSWORD_TOO_LONG,
    [`${field}.notCommon`]: PASSWORD_TOO_COMMON,
  }
}
