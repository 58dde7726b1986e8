import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ShipperBooking } from '@/types/booking'

export type PaymentDriver = 'sandbox' | 'stripe'

/** GET /api/payments/config: which card provider the server uses and its public key. */
export type PaymentsConfig = { driver: PaymentDriver; publishableKey: string | null }

export const paymentsConfigKey = '/api/payments/config'

/** Every form that takes a card reads this; a failure is logged once, and the form says so. */
export function usePaymentsConfig() {
  return useSWR<PaymentsConfig>(
    paymentsConfigKey,
    () => api.get<PaymentsConfig>(paymentsConfigKey),
    { onError: (error) => console.error('Failed to load the payment configuration', error) }
  )
}

/** GET /api/bookings/{id}: the booking being paid (the shipper's own). */
export function payableBookingKey(id: number | string) {
  return `/api/bookings/${encodeURIComponent(String(id))}`
}

export function getPayableBooking(id: number | string): Promise<ShipperBooking> {
  return api.get<ShipperBooking>(payableBookingKey(id))
}

/** The booking being paid; `null` id (no id in the URL) fetches nothing. */
export function usePayableBooking(id: string | null) {
  return useSWR<ShipperBooking>(id ? payableBookingKey(id) : null, () => getPayableBooking(id!))
}

export type PaymentIntent = { clientSecret: string; paymentIntentId: string; amount: number }

/** POST /api/create-payment-intent: the server prices the booking; the intent is reused. */
export function createPaymentIntent(bookingId: number, amount: number): Promise<PaymentIntent> {
  return api.post<PaymentIntent>('/api/create-payment-intent', { amount, bookingId })
}

export type SandboxCard = {
  cardNumber: string
  expMonth: number
  expYear: number
  cvc: string
}

/** POST /api/sandbox/payments/confirm: 200 succeeded, 402 declined, 422 invalid card. */
export function confirmSandboxPayment(clientSecret: string, card: SandboxCard) {
  return api.post<{ status: string }>('/api/sandbox/payments/confirm', { clientSecret, ...card })
}
