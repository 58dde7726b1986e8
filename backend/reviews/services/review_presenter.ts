import type { DateTime } from 'luxon'
import type Review from '#reviews/models/review'
import { CRITERIA, type ReviewSide } from '#reviews/review_rules'

const iso = (value: DateTime | null) => value?.toUTC().toISO() ?? null

/** A review's scores and words, as its reader sees them (the wire's CarrierReview/ShipperReview). */
export function presentReview(review: Review) {
  const scores = Object.fromEntries(
    CRITERIA[review.authorRole].map((criterion) => [criterion, review[criterion]])
  )
  return {
    id: review.id,
    authorRole: review.authorRole as ReviewSide,
    ...scores,
    comment: review.comment,
    createdAt: iso(review.createdAt)!,
    updatedAt: iso(review.updatedAt)!,
  }
}

export type ReviewView = ReturnType<typeof presentReview>
