/** What each side rates (decision 0094): a shipper rates the carrier, a carrier the shipper. */
export type ReviewSide = 'shipper' | 'carrier'

export const CRITERIA = {
  shipper: [
    { key: 'onTime', label: 'On time' },
    { key: 'communication', label: 'Communication' },
    { key: 'careOfFreight', label: 'Care of freight' },
  ],
  carrier: [
    { key: 'loadingTime', label: 'Loading time and detention' },
    { key: 'descriptionAccuracy', label: 'Accuracy of the load description' },
    { key: 'payment', label: 'Payment' },
  ],
} as const

export type CriterionKey = (typeof CRITERIA)[ReviewSide][number]['key']

export const COMMENT_MAX = 2000

export type ReviewDraft = { scores: Partial<Record<CriterionKey, number>>; comment: string }

/** The server's messages, checked before sending: every criterion 1-5, a comment. */
export function validateReview(side: ReviewSide, draft: ReviewDraft): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const { key, label } of CRITERIA[side]) {
    const score = draft.scores[key]
    if (!score || score < 1 || score > 5) errors[key] = `${label} must be rated from 1 to 5 stars`
  }
  const comment = draft.comment.trim()
  if (!comment) errors.comment = 'Please write a comment'
  else if (comment.length > COMMENT_MAX) {
    errors.comment = `The comment must be at most ${COMMENT_MAX} characters`
  }
  return errors
}

/** Who the other side is, in words. */
export const counterpart = (side: ReviewSide) => (side === 'shipper' ? 'carrier' : 'shipper')
