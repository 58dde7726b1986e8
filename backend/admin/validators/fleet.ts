import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const SUSPEND_REASON_MIN = 10
export const SUSPEND_REASON_MAX = 500
export const FLEET_SEARCH_MAX = 100

/** GET /api/admin/carriers */
export const fleetListValidator = vine.compile(
  vine.object({
    status: vine.enum(['approved', 'pending', 'rejected', 'suspended'] as const).optional(),
    vetting: vine.enum(['pass', 'warn', 'fail', 'none'] as const).optional(),
    search: vine.string().trim().maxLength(FLEET_SEARCH_MAX).optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
  })
)
fleetListValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum': 'Status must be approved, pending, rejected or suspended',
  'vetting.enum': 'Vetting must be pass, warn, fail or none',
  'search.string': `Search must be at most ${FLEET_SEARCH_MAX} characters`,
  'search.maxLength': `Search must be at most ${FLEET_SEARCH_MAX} characters`,
  'page.number': 'Page must be a whole number from 1',
  'page.withoutDecimals': 'Page must be a whole number from 1',
  'page.range': 'Page must be a whole number from 1',
})

const reasonMessages = {
  'reason.required': 'Give the reason for the suspension',
  'reason.string': 'Give the reason for the suspension',
  'reason.minLength': `The reason must be at least ${SUSPEND_REASON_MIN} characters`,
  'reason.maxLength': `The reason must be at most ${SUSPEND_REASON_MAX} characters`,
}

/** POST /api/admin/carriers/:carrierId/suspend: the reason is kept with the admin's id. */
export const suspendValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().minLength(SUSPEND_REASON_MIN).maxLength(SUSPEND_REASON_MAX),
  })
)
suspendValidator.messagesProvider = new SimpleMessagesProvider(reasonMessages)

/** POST /api/admin/carriers/:carrierId/reinstate: a reason is optional. */
export const reinstateValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().maxLength(SUSPEND_REASON_MAX).optional(),
  })
)
reinstateValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.string': `The reason must be at most ${SUSPEND_REASON_MAX} characters`,
  'reason.maxLength': `The reason must be at most ${SUSPEND_REASON_MAX} characters`,
})
