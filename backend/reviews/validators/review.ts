import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { CRITERION_LABELS, type Criterion } from '#reviews/review_rules'

export const COMMENT_MAX = 2000
export const REASON_MIN = 10
export const REASON_MAX = 500

const score = () => vine.number().withoutDecimals().range([1, 5])

/** `On time must be rated from 1 to 5 stars`, for every way the score can be wrong. */
function scoreMessages(criteria: Criterion[]) {
  return Object.fromEntries(
    criteria.flatMap((criterion) => {
      const message = `${CRITERION_LABELS[criterion]} must be rated from 1 to 5 stars`
      return ['required', 'number', 'withoutDecimals', 'range'].map((rule) => [
        `${criterion}.${rule}`,
        message,
      ])
    })
  )
}

const COMMENT_MESSAGES = {
  'comment.required': 'Please write a comment',
  'comment.string': 'Please write a comment',
  'comment.minLength': 'Please write a comment',
  'comment.maxLength': `The comment must be at most ${COMMENT_MAX} characters`,
}

const comment = () => vine.string().trim().minLength(1).maxLength(COMMENT_MAX)

/** The shipper's review of the carrier: POST/PUT /api/bookings/:id/reviews[/mine]. */
export const carrierReviewValidator = vine.compile(
  vine.object({
    onTime: score(),
    communication: score(),
    careOfFreight: score(),
    comment: comment(),
  })
)
carrierReviewValidator.messagesProvider = new SimpleMessagesProvider({
  ...scoreMessages(['onTime', 'communication', 'careOfFreight']),
  ...COMMENT_MESSAGES,
})

/** The carrier's review of the shipper. */
export const shipperReviewValidator = vine.compile(
  vine.object({
    loadingTime: score(),
    descriptionAccuracy: score(),
    payment: score(),
    comment: comment(),
  })
)
shipperReviewValidator.messagesProvider = new SimpleMessagesProvider({
  ...scoreMessages(['loadingTime', 'descriptionAccuracy', 'payment']),
  ...COMMENT_MESSAGES,
})

/** POST /api/admin/reviews/:id/hide and /restore: the reason is kept with the admin's name. */
export const moderationValidator = vine.compile(
  vine.object({
    reason: vine.string().trim().minLength(REASON_MIN).maxLength(REASON_MAX),
  })
)
moderationValidator.messagesProvider = new SimpleMessagesProvider({
  'reason.required': 'Give the reason for this moderation',
  'reason.string': 'Give the reason for this moderation',
  'reason.minLength': `The reason must be at least ${REASON_MIN} characters`,
  'reason.maxLength': `The reason must be at most ${REASON_MAX} characters`,
})

/** GET /api/admin/reviews */
export const moderationListValidator = vine.compile(
  vine.object({
    status: vine.enum(['all', 'visible', 'sealed', 'hidden'] as const).optional(),
    page: vine.number().withoutDecimals().range([1, 100000]).optional(),
  })
)
moderationListValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum': 'Status must be all, visible, sealed or hidden',
  'page.number': 'Page must be a whole number from 1',
  'page.withoutDecimals': 'Page must be a whole number from 1',
  'page.range': 'Page must be a whole number from 1',
})
