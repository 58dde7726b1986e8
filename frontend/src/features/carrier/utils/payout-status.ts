import type { BadgeProps } from '@/components/ui/badge'

type Variant = NonNullable<BadgeProps['variant']>

export type PayoutBadge = { label: string; variant: Variant }

const BY_PAYOUT_STATUS: Record<string, PayoutBadge> = {
  pending: { label: 'Awaiting Release', variant: 'warning' },
  released: { label: 'Released', variant: 'info' },
  paid: { label: 'Paid', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
}

/**
 * The payout badge of a booking (docs/spec.md §7): an unpaid booking has no payout yet; a paid
 * one shows where its payout stands. A refunded (cancelled) booking owes nothing, unless it
 * kept a late-cancel fee whose payout is released (docs/decisions/0178): that payout's state.
 */
export function payoutBadge(booking: { paymentStatus: string; payoutStatus: string }): PayoutBadge {
  if (booking.paymentStatus === 'refunded') {
    if (booking.payoutStatus === 'pending') return { label: 'Refunded', variant: 'secondary' }
    return BY_PAYOUT_STATUS[booking.payoutStatus] ?? { label: 'Unknown', variant: 'outline' }
  }
  if (booking.paymentStatus !== 'paid') return { label: 'Payment Pending', variant: 'secondary' }
  return BY_PAYOUT_STATUS[booking.payoutStatus] ?? { label: 'Unknown', variant: 'outline' }
}
