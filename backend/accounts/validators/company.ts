import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { newPassword, newPasswordMessages } from '#accounts/validators/password_rules'

const ALL_ROLES = ['owner', 'dispatcher', 'driver', 'accounts', 'planner'] as const

/** POST /api/company/invites: who is invited, and as what (the kind's roles are checked after). */
export const inviteValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    role: vine.enum(ALL_ROLES),
  })
)
inviteValidator.messagesProvider = new SimpleMessagesProvider({
  'email.required': 'Invalid email address',
  'email.string': 'Invalid email address',
  'email.email': 'Invalid email address',
  'email.maxLength': 'Invalid email address',
  'role.required': 'Choose a role',
  'role.enum': 'Choose one of the company roles',
})

/** PATCH /api/company/members/:id */
export const memberRoleValidator = vine.compile(vine.object({ role: vine.enum(ALL_ROLES) }))
memberRoleValidator.messagesProvider = new SimpleMessagesProvider({
  'role.required': 'Choose a role',
  'role.enum': 'Choose one of the company roles',
})

/** POST /api/invites/:token/accept: the new member's login (decision 0167's password rule). */
export const acceptInviteValidator = vine.compile(
  vine.object({
    firstName: vine.string().trim().minLength(2).maxLength(100),
    lastName: vine.string().trim().minLength(2).maxLength(100),
    password: newPassword(),
    termsAccepted: vine.accepted(),
  })
)
acceptInviteValidator.messagesProvider = new SimpleMessagesProvider({
  ...newPasswordMessages('password'),
  'firstName.required': 'First name must be at least 2 characters',
  'firstName.minLength': 'First name must be at least 2 characters',
  'firstName.maxLength': 'First name must be at most 100 characters',
  'lastName.required': 'Last name must be at least 2 characters',
  'lastName.minLength': 'Last name must be at least 2 characters',
  'lastName.maxLength': 'Last name must be at most 100 characters',
  'termsAccepted.required': 'You must accept the User Agreement',
  'termsAccepted.accepted': 'You must accept the User Agreement',
})

/**
 * PUT /api/bookings/:id/driver and /api/expedited-jobs/:id/driver: the driver member to assign
 * (`company_members.id`), or null to unassign (docs/decisions/0237).
 */
export const assignDriverValidator = vine.compile(
  vine.object({ memberId: vine.number().withoutDecimals().positive().nullable() })
)
assignDriverValidator.messagesProvider = new SimpleMessagesProvider({
  'memberId.required': 'Choose a driver, or null to unassign',
  'memberId.number': 'Choose a driver, or null to unassign',
  'memberId.withoutDecimals': 'Choose a driver, or null to unassign',
  'memberId.positive': 'Choose a driver, or null to unassign',
})
