import { formatCurrency, formatDate, formatDateTime } from '@/lib/format'
import { carrierDisplayName, type ShipperBooking } from '@/features/shipper/api/get-bookings'

/** What the Complete dialog and its toast say about a booking. */
export type CompletionWords = {
  description: string
  confirmLabel: string
  toast: string
}

/**
 * What completing this booking does to its carrier's payout, in the dialog and in the toast
 * (docs/decisions/0220): the release happens now, already happened (the 48-hour job ran
 * first), or no payout rides on it; a carrier whose payouts are held for review gets the
 * transfer after the hold. The server says which (`completion`); without it, the release.
 */
export function completionWords(booking: ShipperBooking): CompletionWords {
  const amount = formatCurrency(booking.totalAmount)
  const carrier = carrierDisplayName(booking) || 'the carrier'
  const effect = booking.completion
  if (effect?.payout === 'already_released') {
    const on = effect.releasedAt ? ` on ${formatDate(effect.releasedAt)}` : ''
    return {
      description: `The carrier's payout was already released${on}, 48 hours after delivery. Completing confirms the delivery and closes the booking; no money moves.`,
      confirmLabel: 'Complete booking',
      toast: `The carrier's payout was already released${on}; no money moved.`,
    }
  }
  if (effect?.payout === 'none') {
    return {
      description:
        'Completing confirms the delivery and closes the booking. No payout is released through PalletLine for it.',
      confirmLabel: 'Complete booking',
      toast: 'The booking is closed; no payout was released.',
    }
  }
  const instead = effect?.autoReleaseAt
    ? ` now, instead of automatically on ${formatDateTime(effect.autoReleaseAt)}`
    : ''
  const held = effect?.transferHeldUntil ? formatDateTime(effect.transferHeldUntil) : null
  return {
    description:
      `This releases your payment of ${amount} to ${carrier}${instead}. It cannot be undone.` +
      (held
        ? ` The carrier's payouts are held for review until ${held}, so the transfer reaches them after that.`
        : ''),
    confirmLabel: `Complete and release ${amount}`,
    toast: held
      ? `Payment released to the carrier; the transfer is held for review until ${held}.`
      : 'Payment has been released to the carrier.',
  }
}
