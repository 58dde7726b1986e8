import { Badge, type BadgeProps } from '@/components/ui/badge'

const LABELS: Record<string, string> = {
  pending: 'Pending',
  booked: 'Booked',
  confirmed: 'Confirmed',
  in_transit: 'In Transit',
  delivered: 'Delivered',
  delayed: 'Delayed',
  cancelled: 'Cancelled',
}

const VARIANTS: Record<string, NonNullable<BadgeProps['variant']>> = {
  pending: 'secondary',
  booked: 'info',
  confirmed: 'default',
  in_transit: 'warning',
  delivered: 'success',
  delayed: 'destructive',
  cancelled: 'outline',
}

/** People-facing name of a booking status (`in_transit` -> `In Transit`). */
export function bookingStatusLabel(status: string): string {
  return LABELS[status] ?? status.replace(/_/g, ' ')
}

/** A booking's status as a coloured badge; unknown values are shown as they are. */
export function BookingStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'secondary'}>{bookingStatusLabel(status)}</Badge>
}
