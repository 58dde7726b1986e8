import { Badge } from '@/components/ui/badge'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { paymentLabel, paymentVariant } from '@/features/shipper/utils/booking-status'

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

export function PaymentBadge({ paymentStatus }: { paymentStatus: string | null }) {
  return <Badge variant={paymentVariant(paymentStatus)}>{paymentLabel(paymentStatus)}</Badge>
}
