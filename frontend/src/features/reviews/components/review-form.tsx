import * as React from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import { isApiError } from '@/lib/api-client'
import type { ReviewInput } from '@/features/reviews/api/booking-reviews'
import { StarRatingInput } from '@/features/reviews/components/star-rating-input'
import {
  COMMENT_MAX,
  CRITERIA,
  validateReview,
  type ReviewDraft,
  type ReviewSide,
} from '@/features/reviews/utils/criteria'

/**
 * The reviewer's three criteria (1-5 stars each) and a comment; the server's messages show
 * under the field they are about. `initial` fills it for an edit.
 */
export function ReviewForm({
  side,
  initial,
  submitLabel,
  busy,
  onSubmit,
}: {
  side: ReviewSide
  initial?: ReviewDraft
  submitLabel: string
  busy: boolean
  onSubmit: (input: ReviewInput) => Promise<unknown>
}) {
  const [draft, setDraft] = React.useState<ReviewDraft>(initial ?? { scores: {}, comment: '' })
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [formError, setFormError] = React.useState<string | null>(null)

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateReview(side, draft)
    setErrors(found)
    setFormError(null)
    if (Object.keys(found).length > 0) return
    try {
      await onSubmit({ ...draft.scores, comment: draft.comment.trim() })
    } catch (err) {
      if (isApiError(err) && err.fieldErrors.length > 0) {
        setErrors(Object.fromEntries(err.fieldErrors.map((e) => [e.field, e.message])))
      } else {
        setFormError(err instanceof Error ? err.message : 'Could not save your review')
      }
    }
  }

  const commentId = `review-comment-${side}`
  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      {CRITERIA[side].map(({ key, label }) => (
        <StarRatingInput
          key={key}
          name={`review-${key}`}
          label={label}
          value={draft.scores[key]}
          error={errors[key]}
          disabled={busy}
          onChange={(value) => setDraft((d) => ({ ...d, scores: { ...d.scores, [key]: value } }))}
        />
      ))}
      <FormField id={commentId} label="Comment" error={errors.comment}>
        <Textarea
          id={commentId}
          rows={4}
          maxLength={COMMENT_MAX}
          value={draft.comment}
          disabled={busy}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${commentId}-error`}
          onChange={(e) => setDraft((d) => ({ ...d, comment: e.target.value }))}
        />
      </FormField>
      {formError ? (
        <p role="alert" className="text-sm text-red-600">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </form>
  )
}
