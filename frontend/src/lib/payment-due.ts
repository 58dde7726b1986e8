/**
 * The payment deadline (backend/payments/services/payment_deadline_service.ts): an unpaid
 * booking holds its pallets this long, then the server cancels it. The due time itself comes
 * from the server as `paymentDueAt`; this is only for the explanatory line.
 */
export const PAYMENT_DEADLINE_MINUTES = 30

export const PAYMENT_DEADLINE_NOTE = `Unpaid bookings are released after ${PAYMENT_DEADLINE_MINUTES} minutes.`

/** `3:04 PM` in the browser's time zone; empty for a missing or unreadable value. */
export function formatPaymentDue(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
}
