import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { newPassword, newPasswordMessages } from '#accounts/validators/password_rules'

export { US_STATES } from '#core/us_states'

export const CARRIER_FIELDS_MESSAGE = 'All carrier information fields are required'

/**
 * The register screen and the auth page's sign-up (docs/api.md). confirmPassword is never sent. The
 * password rule is decision 0167's (12 characters, not a common password), not the original 6.
 */
export const registerValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    password: newPassword(),
    role: vine.enum(['shipper', 'carrier'] as const),
    firstName: vine.string().trim().minLength(2).maxLength(100),
    lastName: vine.string().trim().minLength(2).maxLength(100),
    phone: vine.string().trim().minLength(10).maxLength(32).optional(),
    username: vine.string().trim().maxLength(254).optional(),
    companyName: vine.string().trim().maxLength(200).optional(),
    dotNumber: vine.string().trim().maxLength(20).optional(),
    mcNumber: vine.string().trim().maxLength(20).optional(),
    businessAddress: vine.string().trim().maxLength(255).optional(),
    city: vine.string().trim().maxLength(100).optional(),
    state: vine.string().trim().toUpperCase().optional(),
    zipCode: vine.string().trim().optional(),
    termsAccepted: vine.accepted(),
    effectiveDateString: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
)
registerValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Invalid email address',
  'email.string': 'Invalid email address',
  'email.email': 'Invalid email address',
  'email.maxLength': 'Invalid email address',
  ...newPasswordMessages('password'),
  'role.required': 'Role must be shipper or carrier',
  'role.enum': 'Role must be shipper or carrier',
  'firstName.required': 'First name is required',
  'firstName.minLength': 'First name is required',
  'lastName.required': 'Last name is required',
  'lastName.minLength': 'Last name is required',
  'phone.minLength': 'Valid phone number is required',
  'phone.maxLength': 'Valid phone number is required',
  'termsAccepted.required': 'You must accept the User Agreement',
  'termsAccepted.accepted': 'You must accept the User Agreement',
  'effectiveDateString.regex': 'Effective date must be a date (YYYY-MM-DD)',
  'required': 'The {{ field }} field is required',
  'string': 'The {{ field }} field must be text',
  'maxLength': 'The {{ field }} field is too long',
})

/** Sign in (docs/api.md): `username` is the account's email (or an older distinct username). */
export const loginValidator = vine.compile(
  vine.object({
    username: vine.string().trim().minLength(1),
    password: vine.string().minLength(1),
  })
)
loginValidator.messagesProvider = new SimpleMessagesProvider({
  'username.required': 'Email is required',
  'username.string': 'Email is required',
  'username.minLength': 'Email is required',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.minLength': 'Password is required',
})

/** Settings: a new password, with the current one (registration's password rules). */
export const changePasswordValidator = vine.compile(
  vine.object({
    currentPassword: vine.string().minLength(1),
    newPassword: newPassword(),
  })
)
changePasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'currentPassword.required': 'Current password is required',
  'currentPassword.string': 'Current password is required',
  'currentPassword.minLength': 'Current password is required',
  ...newPasswordMessages('newPassword'),
})

export const createTokenValidator = vine.compile(
  vine.object({
    userId: vine.number().withoutDecimals().positive(),
    name: vine.string().trim().minLength(1).maxLength(100),
    expiresInDays: vine.number().withoutDecimals().range([1, 365]).optional(),
  })
)
createTokenValidator.messagesProvider = new SimpleMessagesProvider({
  'userId.required': 'userId is required',
  'userId.number': 'userId must be a user id',
  'userId.positive': 'userId must be a user id',
  'userId.withoutDecimals': 'userId must be a user id',
  'name.required': 'Token name is required',
  'name.minLength': 'Token name is required',
  'expiresInDays.range': 'expiresInDays must be between 1 and 365',
  'expiresInDays.number': 'expiresInDays must be between 1 and 365',
})

/** Profile: the user's own name and phone (registration's rules; email and username stay). */
export const profileValidator = vine.compile(
  vine.object({
    firstName: vine.string().trim().minLength(2).maxLength(100),
    lastName: vine.string().trim().minLength(2).maxLength(100),
    phone: vine.string().trim().minLength(10).maxLength(32).nullable().optional(),
  })
)
profileValidator.messagesProvider = new SimpleMessagesProvider({
  'firstName.required': 'First name is required',
  'firstName.string': 'First name is required',
  'firstName.minLength': 'First name is required',
  'firstName.maxLength': 'First name must be at most 100 characters',
  'lastName.required': 'Last name is required',
  'lastName.string': 'Last name is required',
  'lastName.minLength': 'Last name is required',
  'lastName.maxLength': 'Last name must be at most 100 characters',
  'phone.string': 'Valid phone number is required',
  'phone.minLength': 'Valid phone number is required',
  'phone.maxLength': 'Valid phone number is required',
})

/**
 * What a personal API token may be allowed to do (docs/decisions/0082, 0169): `tms:read` quote
 * and follow (shipments, events, documents, escrow, a booking), `tms:write` book and change
 * (quotes, alert rules, proof of delivery), `payments:write` pay a booking. Each route names the
 * ones it needs in its `auth` middleware.
 */
export const TOKEN_ABILITIES = ['tms:read', 'tms:write', 'payments:write'] as const
/** A token issued without a choice: the TMS, not the money (paying is asked for explicitly). */
export const DEFAULT_TOKEN_ABILITIES: (typeof TOKEN_ABILITIES)[number][] = ['tms:read', 'tms:write']
const ABILITIES_LIST = `abilities must be a list of ${TOKEN_ABILITIES.join(', ')}`

/** Settings: a user issues an API token for themselves. */
export const ownTokenValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(100),
    expiresInDays: vine.number().withoutDecimals().range([1, 365]).optional(),
    abilities: vine.array(vine.enum(TOKEN_ABILITIES)).minLength(1).distinct().optional(),
  })
)
ownTokenValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Token name is required',
  'name.string': 'Token name is required',
  'name.minLength': 'Token name is required',
  'name.maxLength': 'Token name must be at most 100 characters',
  'expiresInDays.range': 'expiresInDays must be between 1 and 365',
  'expiresInDays.number': 'expiresInDays must be between 1 and 365',
  'abilities.array': ABILITIES_LIST,
  'abilities.minLength': 'A token needs at least one ability',
  'abilities.distinct': 'Each ability once',
  'abilities.*.enum': ABILITIES_LIST,
  'expiresInDays.withoutDecimals': 'expiresInDays must be between 1 and 365',
})

const SECOND_FACTOR_MESSAGES = {
  'code.string': 'Invalid authentication code',
  'code.maxLength': 'Invalid authentication code',
  'code.required': 'Enter the 6-digit code from your authenticator app',
  'recoveryCode.string': 'Invalid recovery code',
  'recoveryCode.maxLength': 'Invalid recovery code',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.minLength': 'Password is required',
}

/** The sign-in's second step: an authenticator code, or one recovery code instead. */
export const secondFactorValidator = vine.compile(
  vine.object({
    code: vine.string().trim().maxLength(20).optional().requiredIfMissing('recoveryCode'),
    recoveryCode: vine.string().trim().maxLength(40).optional(),
  })
)
secondFactorValidator.messagesProvider = new SimpleMessagesProvider(SECOND_FACTOR_MESSAGES)

/** Settings: an authenticator code (confirming setup, new recovery codes). */
export const totpCodeValidator = vine.compile(
  vine.object({ code: vine.string().trim().maxLength(20) })
)
totpCodeValidator.messagesProvider = new SimpleMessagesProvider(SECOND_FACTOR_MESSAGES)

/** Settings: turning two-factor off takes the password and a code (or a recovery code). */
export const disableTwoFactorValidator = vine.compile(
  vine.object({
    password: vine.string().minLength(1),
    code: vine.string().trim().maxLength(20).optional().requiredIfMissing('recoveryCode'),
    recoveryCode: vine.string().trim().maxLength(40).optional(),
  })
)
disableTwoFactorValidator.messagesProvider = new SimpleMessagesProvider(SECOND_FACTOR_MESSAGES)

/** Settings: a new sign-in email, asked for with the password (docs/decisions/0167). */
export const changeEmailValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    currentPassword: vine.string().minLength(1),
  })
)
changeEmailValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Invalid email address',
  'email.string': 'Invalid email address',
  'email.email': 'Invalid email address',
  'email.maxLength': 'Invalid email address',
  'currentPassword.required': 'Current password is required',
  'currentPassword.string': 'Current password is required',
  'currentPassword.minLength': 'Current password is required',
})

/** The link mailed to a new sign-in email: its token (docs/decisions/0167). */
export const confirmEmailChangeValidator = vine.compile(
  vine.object({ token: vine.string().trim().minLength(1).maxLength(200) })
)
confirmEmailChangeValidator.messagesProvider = new SimpleMessagesProvider({
  'token.required': 'The confirmation token is missing',
  'token.minLength': 'The confirmation token is missing',
  'token.string': 'This confirmation link is not valid',
  'token.maxLength': 'This confirmation link is not valid',
})
