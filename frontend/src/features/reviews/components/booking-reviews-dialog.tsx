import * as React from 'react'
import { Star } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { LoadError } from '@/components/ui/load-error'
import { toast } from '@/components/ui/use-toast'
import { formatDateTime } from '@/lib/format'
import {
  useBookingReviews,
  useSaveReview,
  type BookingReviews,
} from '@/features/reviews/api/booking-reviews'
import { ReviewCard } from '@/features/reviews/components/review-card'
import { ReviewForm } from '@/features/reviews/components/review-form'
import {
  CRITERIA,
  counterpart,
  type CriterionKey,
  type ReviewDraft,
} from '@/features/reviews/utils/criteria'

/**
 * "Rate this carrier" / "Rate this shipper" on a delivered booking: the form within the
 * 14-day window, one's own review (editable until the other side writes), and the other
 * side's review once both have written or the window has closed (decision 0094).
 */
export function BookingReviewsDialog({
  bookingId,
  reference,
  side,
  windowClosed = false,
  windowNotOpen = false,
}: {
  bookingId: number
  reference: string
  side: 'shipper' | 'carrier'
  /** The 14-day window has closed: offer the reviews to read, not a rating that would fail. */
  windowClosed?: boolean
  /** The window has not opened yet (completion or 48 h after delivery): offer nothing yet. */
  windowNotOpen?: boolean
}) {
  const [open, setOpen] = React.useState(false)
  const other = counterpart(side)
  const title = windowClosed ? 'Reviews' : `Rate this ${other}`
  if (windowNotOpen) return null
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`${title} for ${reference}`}>
          <Star className="h-4 w-4" aria-hidden="true" />
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {reference}. Reviews are blind: neither side reads the other&apos;s until both have
            written or the 14-day window closes.
          </DialogDescription>
        </DialogHeader>
        {open ? <ReviewsPanel bookingId={bookingId} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function draftOf(mine: NonNullable<BookingReviews['mine']>): ReviewDraft {
  const scores = Object.fromEntries(
    CRITERIA[mine.authorRole].map(({ key }) => [key, (mine as any)[key] as number])
  ) as Partial<Record<CriterionKey, number>>
  return { scores, comment: mine.comment }
}

function ReviewsPanel({ bookingId }: { bookingId: number }) {
  const { data, error, isLoading, isValidating, mutate } = useBookingReviews(bookingId)
  const { save, saving } = useSaveReview(bookingId)
  const [editing, setEditing] = React.useState(false)

  if (isLoading) return <Skeleton className="mt-4 h-48 w-full" aria-label="Loading reviews" />
  if (error || !data) {
    return (
      <LoadError
        title="Could not load the reviews"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  }
  const other = counterpart(data.side)
  const closes = data.window.closesAt ? formatDateTime(data.window.closesAt) : null
  const onSave = async (input: Parameters<typeof save>[0]) => {
    const edit = data.mine !== null
    await save(input, edit)
    setEditing(false)
    toast({ variant: 'success', title: edit ? 'Review updated' : 'Review submitted' })
  }

  return (
    <div className="mt-4 space-y-4">
      {data.window.state === 'not_open' ? (
        <p className="text-sm text-slate-600">
          Reviews open once the shipment is delivered and completed (or 48 hours after delivery).
        </p>
      ) : null}
      {data.window.state === 'open' && closes ? (
        <p className="text-sm text-slate-600">You can write or edit your review until {closes}.</p>
      ) : null}
      {data.window.state === 'closed' ? (
        <p className="text-sm text-slate-600">The 14-day review window has closed.</p>
      ) : null}

      {data.canWrite ? (
        <ReviewForm side={data.side} submitLabel="Submit review" busy={saving} onSubmit={onSave} />
      ) : null}

      {data.mine && editing ? (
        <ReviewForm
          side={data.side}
          initial={draftOf(data.mine)}
          submitLabel="Save changes"
          busy={saving}
          onSubmit={onSave}
        />
      ) : null}
      {data.mine && !editing ? (
        <div className="space-y-2">
          <ReviewCard review={data.mine} title="Your review" />
          {data.mine.hidden ? (
            <p className="text-sm text-amber-800">
              Hidden by a moderator: {data.mine.hiddenReason}
            </p>
          ) : null}
          {data.mine.editable ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              Edit your review
            </Button>
          ) : null}
        </div>
      ) : null}

      <TheirReview theirs={data.theirs} other={other} wroteMine={data.mine !== null} />
    </div>
  )
}

function TheirReview({
  theirs,
  other,
  wroteMine,
}: {
  theirs: BookingReviews['theirs']
  other: string
  wroteMine: boolean
}) {
  if (theirs.status === 'revealed' && theirs.review) {
    return <ReviewCard review={theirs.review} title={`The ${other}'s review`} />
  }
  const text = {
    not_written: wroteMine
      ? `Waiting for the ${other}'s review.`
      : `The ${other} has not reviewed yet.`,
    sealed: wroteMine
      ? `Waiting for the ${other}'s review.`
      : `The ${other} has written a review. Write yours to read it.`,
    hidden: `The ${other}'s review was removed by a moderator.`,
    revealed: '',
  }[theirs.status]
  return (
    <p role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      {text}
    </p>
  )
}
