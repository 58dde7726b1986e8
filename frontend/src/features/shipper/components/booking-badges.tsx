import { Badge } from '@/components/ui/badge'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { paymentLabel, paymentVariant, showsPayment } from '@/features/shipper/utils/booking-status'
import { formatCurrency } from '@/lib/format'

/** A booking's status; a delivered shipment the shipper completed reads Completed. */
export function StatusBadge({
  status,
  completedAt,
}: {
  status: string | null
  completedAt?: string | null
}) {
  if (status === 'delivered' && completedAt) return <Badge variant="success">Completed</Badge>
  return <BookingStatusBadge status={status || 'booked'} />
}

/**
 * A booking's payment; none for a cancelled booking never charged, and a refunded one names the
 * late-cancel fee it kept (docs/decisions/0178).
 */
export function PaymentBadge({
  paymentStatus,
  status = null,
  cancellationFeeCents = null,
}: {
  paymentStatus: string | null
  status?: string | null
  cancellationFeeCents?: number | null
}) {
  if (!showsPayment({ status, paymentStatus })) return null
  return (
    <>
      <Badge variant={paymentVariant(paymentStatus)}>{paymentLabel(paymentStatus)}</Badge>
      {status === 'cancelled' && cancellationFeeCents ? (
        <span className="text-xs text-slate-500">
          Late-cancel fee {formatCurrency(cancellationFeeCents / 100)}
        </span>
      ) : null}
    </>
  )
}
