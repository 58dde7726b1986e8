import { Alert } from '@/components/ui/alert'
import { bookingStatusLabel } from '@/components/ui/booking-status-badge'
import { Skeleton } from '@/components/ui/skeleton'
import { useBookingHistory } from '@/lib/booking-history'
import { formatDateTime, formatStatus } from '@/lib/format'

/** A booking's status changes, oldest first: who moved it, when, and any note. */
export function BookingHistory({ bookingId }: { bookingId: number }) {
  const { data, error, isLoading } = useBookingHistory(bookingId)

  if (isLoading)
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading status history">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    )
  if (error && !data)
    return (
      <Alert variant="error" title="Could not load the status history">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
    )
  if (!data || data.length === 0)
    return <p className="text-sm text-slate-500">No status changes recorded yet.</p>

  const changes = [...data].sort(
    (a, b) => new Date(a.changedAt).getTime() - new Date(b.changedAt).getTime()
  )
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4" aria-label="Status history">
      {changes.map((change, i) => (
        <li key={`${change.changedAt}-${i}`} className="text-sm">
          <p className="font-medium text-slate-900">
            {change.fromStatus ? `${bookingStatusLabel(change.fromStatus)} → ` : ''}
            {bookingStatusLabel(change.toStatus)}
          </p>
          <p className="text-slate-500">
            {formatDateTime(change.changedAt)}
            {change.changedBy
              ? ` · ${change.changedBy.name} (${formatStatus(change.changedBy.role)})`
              : ' · Platform'}
          </p>
          {change.note ? <p className="text-slate-600">{change.note}</p> : null}
        </li>
      ))}
    </ol>
  )
}
