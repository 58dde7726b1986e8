import type { BadgeProps } from '@/components/ui/badge'

type BadgeVariant = NonNullable<BadgeProps['variant']>

/** `in_transit` -> `In transit`, for values without a label of their own. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim()
  return words ? words[0].toUpperCase() + words.slice(1) : value
}

const PAYMENT_LABELS: Record<string, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
}

/**
 * Whether a booking's payment badge says anything: a cancelled booking that was never charged
 * reads just Cancelled (docs/decisions/0178), not "Awaiting payment".
 */
export function showsPayment(booking: {
  status: string | null
  paymentStatus: string | null | undefined
}): boolean {
  return !(
    booking.status === 'cancelled' &&
    booking.paymentStatus !== 'paid' &&
    booking.paymentStatus !== 'refunded'
  )
}

export function paymentLabel(paymentStatus: string | null | undefined): string {
  if (!paymentStatus) return PAYMENT_LABELS.pending
  return PAYMENT_LABELS[paymentStatus] ?? humanize(paymentStatus)
}

export function paymentVariant(paymentStatus: string | null | undefined): BadgeVariant {
  if (paymentStatus === 'paid') return 'success'
  if (paymentStatus === 'failed') return 'destructive'
  if (paymentStatus === 'refunded') return 'secondary'
  return 'warning'
}

type Completable = { status: string | null; completedAt: string | null }

/** Only a delivered shipment that is not completed yet can be completed. */
export function canComplete(booking: Completable): boolean {
  return booking.status === 'delivered' && !booking.completedAt
}

type Payable = { status: string | null; paymentStatus: string | null }

/** A booking waiting for the shipper's card payment. */
export function awaitsPayment(booking: Payable): boolean {
  return (
    (booking.status ?? 'pending') === 'pending' &&
    (booking.paymentStatus ?? 'pending') === 'pending'
  )
}

/** Shipments still under way: neither cancelled nor completed. */
export function isActiveShipment(booking: Completable): boolean {
  return booking.status !== 'cancelled' && !booking.completedAt
}

/** A carrier's equipment by the shared display names (docs/decisions/0173). */
export { equipmentLabel } from '@/config/freight-labels'

/** Tracking steps: Booked -> In Transit -> Delivered. */
export const TRACKING_STEPS = ['Booked', 'In Transit', 'Delivered'] as const

/**
 * How far along a shipment is, in steps reached (0..3). Awaiting payment reaches none; booked
 * and confirmed reach Booked; in transit and delayed reach In Transit; delivered reaches all.
 */
export function trackingStep(status: string | null | undefined): number {
  switch (status) {
    case 'pending':
      return 0
    case 'in_transit':
    case 'delayed':
      return 2
    case 'delivered':
      return 3
    default:
      return 1
  }
}
