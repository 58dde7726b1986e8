import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export { US_STATES } from '#core/us_states'

export const CARRIER_FIELDS_MESSAGE = 'All carrier information fields are required'

/** SPEC point 5, register screen and auth-page sign-up. confirmPassword is never sent. */
export const registerValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    password: vine.string().minLength(6).maxLength(200),
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
  'password.required': 'Password must be at least 6 characters',
  'password.minLength': 'Password must be at least 6 characters',
  'password.maxLength': 'Password must be at most 200 characters',
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

/** SPEC point 5, sign in. */
export const loginValidator = vine.compile(
  vine.object({
    username: vine.string().trim().minLength(1),
    password: vine.string().minLength(1),
  })
)
loginValidator.messagesProvider = new SimpleMessagesProvider({
  'username.required': 'Username is required',
  'username.string': 'Username is required',
  'username.minLength': 'Username is required',
  'password.required': 'Password is required',
  'password.string': 'Password is required',
  'password.minLength': 'Password is required',
})

/** Settings: a new password, with the current one (registration's password rules). */
export const changePasswordValidator = vine.compile(
  vine.object({
    currentPassword: vine.string().minLength(1),
    newPassword: vine.string().minLength(6).maxLength(200),
  })
)
changePasswordValidator.messagesProvider = new SimpleMessagesProvider({
  'currentPassword.required': 'Current password is required',
  'currentPassword.string': 'Current password is required',
  'currentPassword.minLength': 'Current password is required',
  'newPassword.required': 'Password must be at least 6 characters',
  'newPassword.string': 'Password must be at least 6 characters',
  'newPassword.minLength': 'Password must be at least 6 characters',
  'newPassword.maxLength': 'Password must be at most 200 characters',
})

export const approvalValidator = vine.compile(
  vine.object({ isApproved: vine.boolean({ strict: true }) })
)
approvalValidator.messagesProvider = new SimpleMessagesProvider({
  'isApproved.required': 'isApproved must be true or false',
  'isApproved.boolean': 'isApproved must be true or false',
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

/** What a personal API token may be allowed to do (docs/decisions/0082); default: all of them. */
export const TOKEN_ABILITIES = ['tms:read', 'tms:write'] as const

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
  'abilities.array': 'abilities must be a list of tms:read, tms:write',
  'abilities.minLength': 'A token needs at least one ability',
  'abilities.distinct': 'Each ability once',
  'abilities.*.enum': 'abilities must be a list of tms:read, tms:write',
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

/** Settings: a new sign-in email, confirmed with the password. */
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
