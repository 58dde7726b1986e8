import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const USER_SEARCH_MAX = 100
export const USERS_PER_PAGE_MAX = 100
export const ACTION_REASON_MIN = 10
export const ACTION_REASON_MAX = 500

/** GET /api/admin/users (decision 0210) */
export const userListValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
    perPage: vine.number().withoutDecimals().range([1, USERS_PER_PAGE_MAX]).optional(),
    sort: vine.enum(['created', 'lastSignIn', 'email', 'company'] as const).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
    role: vine.enum(['shipper', 'carrier', 'admin'] as const).optional(),
    approval: vine.enum(['pending', 'approved', 'rejected'] as const).optional(),
    standing: vine.enum(['active', 'suspended', 'locked'] as const).optional(),
    twoFactor: vine.enum(['on', 'off'] as const).optional(),
    q: vine.string().trim().maxLength(USER_SEARCH_MAX).optional(),
  })
)
userListValidator.messagesProvider = new SimpleMessagesProvider({
  'page.number': 'Page must be a whole number from 1',
  'page.withoutDecimals': 'Page must be a whole number from 1',
  'page.range': 'Page must be a whole number from 1',
  'perPage.number': `Per page must be a whole number from 1 to ${USERS_PER_PAGE_MAX}`,
  'perPage.withoutDecimals': `Per page must be a whole number from 1 to ${USERS_PER_PAGE_MAX}`,
  'perPage.range': `Per page must be a whole number from 1 to ${USERS_PER_PAGE_MAX}`,
  'sort.enum': 'Sort must be created, lastSignIn, email or company',
  'direction.enum': 'Direction must be asc or desc',
  'role.enum': 'Role must be shipper, carrier or admin',
  'approval.enum': 'Approval must be pending, approved or rejected',
  'standing.enum': 'Standing must be active, suspended or locked',
  'twoFactor.enum': 'Two-factor must be on or off',
  'q.string': `Search must be at most ${USER_SEARCH_MAX} characters`,
  'q.maxLength': `Search must be at most ${USER_SEARCH_MAX} characters`,
})

/** POST /api/admin/users/:userId/<action>: every action gives its reason. */
export const userActionValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().minLength(ACTION_REASON_MIN).maxLength(ACTION_REASON_MAX),
  })
)
userActionValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Give the reason for this action',
  'reason.string': 'Give the reason for this action',
  'reason.minLength': `The reason must be at least ${ACTION_REASON_MIN} characters`,
  'reason.maxLength': `The reason must be at most ${ACTION_REASON_MAX} characters`,
})

/** POST /api/admin/users/:userId/email (decision 0217): the new address and the reason. */
export const changeUserEmailValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().minLength(ACTION_REASON_MIN).maxLength(ACTION_REASON_MAX),
    email: vine.string().trim().toLowerCase().email().maxLength(254),
  })
)
changeUserEmailValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Give the reason for this action',
  'reason.string': 'Give the reason for this action',
  'reason.minLength': `The reason must be at least ${ACTION_REASON_MIN} characters`,
  'reason.maxLength': `The reason must be at most ${ACTION_REASON_MAX} characters`,
  'email.required': 'Invalid email address',
  'email.string': 'Invalid email address',
  'email.email': 'Invalid email address',
  'email.maxLength': 'Invalid email address',
})
