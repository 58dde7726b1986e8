import { Stars } from '@/components/ui/rating-summary'
import { formatDateTime } from '@/lib/format'
import type { BookingReviews } from '@/features/reviews/api/booking-reviews'
import { CRITERIA, type CriterionKey } from '@/features/reviews/utils/criteria'

type Review = NonNullable<BookingReviews['theirs']['review']>

/** A written review: each criterion's stars, the comment and when it was last changed. */
export function ReviewCard({ review, title }: { review: Review; title: string }) {
  const scores = review as unknown as Record<CriterionKey, number>
  return (
    <article className="space-y-2 rounded-lg border border-slate-200 p-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <dl className="space-y-1 text-sm">
        {CRITERIA[review.authorRole].map(({ key, label }) => (
          <div key={key} className="flex items-center justify-between gap-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="flex items-center gap-1" aria-label={`${label}: ${scores[key]} of 5`}>
              <Stars value={scores[key]} />
              <span className="text-slate-900">{scores[key]}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="whitespace-pre-line text-sm text-slate-800">{review.comment}</p>
      <p className="text-xs text-slate-500">{formatDateTime(review.updatedAt)}</p>
    </article>
  )
}
