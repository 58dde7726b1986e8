import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { CLAIM_STATUSES, CLAIM_TYPES } from '#payments/services/claim_rules'

/** Integer cents, at least one cent (the ceiling is checked by the service). */
const cents = () => vine.number({ strict: true }).withoutDecimals().min(1).max(1_000_000_000)

/** POST /api/bookings/:id/claims */
export const fileClaimValidator = vine.compile(
  vine.object({
    type: vine.enum(CLAIM_TYPES),
    amountCents: cents(),
    description: vine.string().trim().minLength(10).maxLength(4000),
  })
)
fileClaimValidator.messagesProvider = new SimpleMessagesProvider({
  'type.required': 'Choose what happened: loss, damage, shortage or delay',
  'type.enum': 'Choose what happened: loss, damage, shortage or delay',
  'amountCents.required': 'Enter the amount claimed',
  'amountCents.number': 'The amount must be a whole number of cents',
  'amountCents.withoutDecimals': 'The amount must be a whole number of cents',
  'amountCents.min': 'The amount must be at least one cent',
  'amountCents.max': 'The amount is too large',
  'description.required': 'Describe what happened to the freight',
  'description.minLength': 'Describe what happened in at least 10 characters',
  'description.maxLength': 'Keep the description under 4,000 characters',
})

/** POST /api/claims/:id/response: an offer names its amount; a decline gives its reasons. */
export const claimResponseValidator = vine.compile(
  vine.object({
    action: vine.enum(['accept', 'offer', 'decline'] as const),
    offerCents: cents().optional().requiredWhen('action', '=', 'offer'),
    reason: vine
      .string()
      .trim()
      .minLength(10)
      .maxLength(4000)
      .optional()
      .requiredWhen('action', 'in', ['offer', 'decline']),
  })
)
claimResponseValidator.messagesProvider = new SimpleMessagesProvider({
  'action.required': 'Choose accept, offer or decline',
  'action.enum': 'Choose accept, offer or decline',
  'offerCents.required': 'Enter the amount you offer',
  'offerCents.requiredWhen': 'Enter the amount you offer',
  'offerCents.number': 'The offer must be a whole number of cents',
  'offerCents.withoutDecimals': 'The offer must be a whole number of cents',
  'offerCents.min': 'The offer must be at least one cent',
  'offerCents.max': 'The offer is too large',
  'reason.required': 'Give your reasons and the evidence you rely on',
  'reason.requiredWhen': 'Give your reasons and the evidence you rely on',
  'reason.minLength': 'Give your reasons in at least 10 characters',
  'reason.maxLength': 'Keep the reasons under 4,000 characters',
})

/** POST /api/claims/:id/escalate */
export const escalateClaimValidator = vine.compile(
  vine.object({ reason: vine.string().trim().minLength(10).maxLength(4000) })
)
escalateClaimValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Say why an admin should decide this claim',
  'reason.minLength': 'Say why in at least 10 characters',
  'reason.maxLength': 'Keep the reason under 4,000 characters',
})

/** POST /api/admin/claims/:id/decision: the amount awarded (0 closes it) and the logged reason. */
export const claimDecisionValidator = vine.compile(
  vine.object({
    amountCents: vine.number({ strict: true }).withoutDecimals().min(0).max(1_000_000_000),
    reason: vine.string().trim().minLength(10).maxLength(4000),
  })
)
claimDecisionValidator.messagesProvider = new SimpleMessagesProvider({
  'amountCents.required': 'Enter the amount awarded (0 to award nothing)',
  'amountCents.number': 'The amount must be a whole number of cents',
  'amountCents.withoutDecimals': 'The amount must be a whole number of cents',
  'amountCents.min': 'The amount cannot be negative',
  'amountCents.max': 'The amount is too large',
  'reason.required': 'Give the reason for the decision',
  'reason.minLength': 'Give the reason in at least 10 characters',
  'reason.maxLength': 'Keep the reason under 4,000 characters',
})

/** GET /api/admin/claims?status=&carrierId= */
export const adminClaimsQueryValidator = vine.compile(
  vine.object({
    status: vine.enum(CLAIM_STATUSES).optional(),
    carrierId: vine.number().withoutDecimals().min(1).optional(),
  })
)
