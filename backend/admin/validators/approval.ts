import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { SUSPEND_REASON_MAX, SUSPEND_REASON_MIN } from '#admin/validators/fleet'

/**
 * PUT /api/admin/users/:userId/approve. A reason is optional here; approving a carrier whose
 * newest vetting failed needs one (the controller checks, docs/decisions/0189).
 */
export const decideUserValidator = vine.compile(
  vine.object({
    isApproved: vine.boolean({ strict: true }),
    reason: vine
      .string()
      .trim()
      .minLength(SUSPEND_REASON_MIN)
      .maxLength(SUSPEND_REASON_MAX)
      .optional(),
  })
)
decideUserValidator.messagesProvider = new SimpleMessagesProvider({
  'isApproved.required': 'isApproved must be true or false',
  'isApproved.boolean': 'isApproved must be true or false',
  'reason.string': 'The reason must be text',
  'reason.minLength': `The reason must be at least ${SUSPEND_REASON_MIN} characters`,
  'reason.maxLength': `The reason must be at most ${SUSPEND_REASON_MAX} characters`,
})
