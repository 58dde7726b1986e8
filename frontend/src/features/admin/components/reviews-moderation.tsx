import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { LoadError } from '@/components/ui/load-error'
import { NativeSelect } from '@/components/ui/native-select'
import { Stars } from '@/components/ui/rating-summary'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import {
  useModerateReview,
  useReviewsForModeration,
  type ModeratedReview,
  type ModerationFilter,
} from '@/features/admin/api/review-moderation'

export const MODERATION_GROUNDS =
  'Hide a review only for abuse: insults, threats, discrimination, personal data or spam. Facts about detention, loading time, the freight or payment are not grounds, however unwelcome.'
const REASON_MIN = 10

const CRITERIA: Record<string, [string, string][]> = {
  shipper: [
    ['onTime', 'On time'],
    ['communication', 'Communication'],
    ['careOfFreight', 'Care of freight'],
  ],
  carrier: [
    ['loadingTime', 'Loading time and detention'],
    ['descriptionAccuracy', 'Accuracy of the load description'],
    ['payment', 'Payment'],
  ],
}

const STATE_BADGE = {
  visible: <Badge variant="success">Visible</Badge>,
  sealed: <Badge variant="secondary">Sealed</Badge>,
  hidden: <Badge variant="destructive">Hidden</Badge>,
}

function ModerationForm({ review }: { review: ModeratedReview }) {
  const { moderate, pendingId } = useModerateReview()
  const [reason, setReason] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const action = review.state === 'hidden' ? 'restore' : 'hide'
  const id = `moderation-reason-${review.id}`

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (reason.trim().length < REASON_MIN) {
      setError(
        reason.trim()
          ? `The reason must be at least ${REASON_MIN} characters`
          : 'Give the reason for this moderation'
      )
      return
    }
    setError(undefined)
    try {
      await moderate(review.id, action, reason.trim())
      setReason('')
      toast({ variant: 'success', title: action === 'hide' ? 'Review hidden' : 'Review restored' })
    } catch (err) {
      const field = isApiError(err) ? err.fieldErrors[0]?.message : undefined
      setError(field ?? (err instanceof Error ? err.message : 'Moderation failed'))
    }
  }

  return (
    <form className="space-y-2" onSubmit={(e) => void submit(e)} noValidate>
      <FormField
        id={id}
        label={action === 'hide' ? 'Reason for hiding' : 'Reason for restoring'}
        error={error}
      >
        <Textarea
          id={id}
          rows={2}
          value={reason}
          aria-describedby={`${id}-error`}
          onChange={(e) => setReason(e.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        size="sm"
        variant={action === 'hide' ? 'destructive' : 'outline'}
        disabled={pendingId === review.id}
        aria-label={`${action === 'hide' ? 'Hide' : 'Restore'} review #${review.id}`}
      >
        {action === 'hide' ? 'Hide review' : 'Restore review'}
      </Button>
    </form>
  )
}

function ReviewItem({ review }: { review: ModeratedReview }) {
  const scores = review as unknown as Record<string, number>
  return (
    <li
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label={`Review #${review.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {review.authorName} → {review.subjectName}{' '}
          <span className="font-normal text-slate-500">({review.bookingReference})</span>
        </p>
        {STATE_BADGE[review.state]}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-3">
        {CRITERIA[review.authorRole].map(([key, label]) => (
          <div key={key}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="flex items-center gap-1" aria-label={`${label}: ${scores[key]} of 5`}>
              <Stars value={scores[key]} /> {scores[key]}
            </dd>
          </div>
        ))}
      </dl>
      <p className="whitespace-pre-line text-sm text-slate-800">{review.comment}</p>
      {review.moderation.length > 0 ? (
        <ul className="space-y-1 text-xs text-slate-600" aria-label="Moderation log">
          {review.moderation.map((entry) => (
            <li key={`${entry.action}-${entry.at}`}>
              {entry.action === 'hide' ? 'Hidden' : 'Restored'} by {entry.adminName},{' '}
              {formatDateTime(entry.at)}: {entry.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <ModerationForm review={review} />
    </li>
  )
}

/** Reviews moderation: every review, its state and log; hide or restore with a reason. */
export function ReviewsModeration() {
  const [status, setStatus] = React.useState<ModerationFilter>('all')
  const [page, setPage] = React.useState(1)
  const { data, error, isLoading, isValidating, mutate } = useReviewsForModeration(status, page)

  return (
    <Card id="reviews" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Reviews moderation</CardTitle>
        <CardDescription>{MODERATION_GROUNDS}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-xs">
          <label htmlFor="reviews-status" className="text-sm font-medium text-slate-800">
            Show
          </label>
          <NativeSelect
            id="reviews-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ModerationFilter)
              setPage(1)
            }}
          >
            <option value="all">All reviews</option>
            <option value="visible">Visible</option>
            <option value="sealed">Sealed (not yet readable)</option>
            <option value="hidden">Hidden</option>
          </NativeSelect>
        </div>
        {isLoading ? (
          <Skeleton className="h-32 w-full" aria-label="Loading reviews" />
        ) : error || !data ? (
          <LoadError
            title="Could not load the reviews"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data.data.length === 0 ? (
          <EmptyState title="No reviews" description="Reviews appear here as they are written." />
        ) : (
          <>
            <ul className="space-y-3" aria-label="Reviews">
              {data.data.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {data.meta.lastPage > 1 ? (
              <div className="flex items-center justify-between text-sm">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </Button>
                <span>
                  Page {data.meta.currentPage} of {data.meta.lastPage}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= data.meta.lastPage}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
