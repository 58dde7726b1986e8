import { formatDateTime } from '@/lib/format'
import { useRateConfirmation } from '@/lib/rate-confirmation'

/**
 * A paid booking's rate confirmation on the shipper's booking (docs/decisions/0226): whether
 * the carrier accepted it, and its PDF. Refetched live when the carrier accepts (the booking's
 * notice refreshes every read under /api/bookings).
 */
export function RateConfirmationLine({ bookingId }: { bookingId: number }) {
  const { data, error, isLoading } = useRateConfirmation(bookingId)
  if (isLoading) {
    return <span className="block text-xs text-slate-500">Rate confirmation…</span>
  }
  if (error || !data) {
    return (
      <span className="block text-xs text-slate-500">Rate confirmation could not be loaded</span>
    )
  }
  return (
    <span className="block text-xs" data-testid={`rate-confirmation-${bookingId}`}>
      <a
        href={data.downloadUrl}
        target="_blank"
        rel="noreferrer"
        className="font-medium text-blue-700 underline underline-offset-2"
      >
        Rate confirmation{data.revision > 0 ? ` R${data.revision}` : ''}
      </a>{' '}
      {data.revision > 0 ? (
        <span className="text-slate-600">(revised: {data.reason ?? 'the load changed'}) </span>
      ) : null}
      {data.accepted ? (
        <span className="text-emerald-800">
          accepted by {data.accepted.name}, {formatDateTime(data.accepted.at)}
        </span>
      ) : (
        <span className="text-amber-800">awaiting the carrier’s acceptance</span>
      )}
    </span>
  )
}
