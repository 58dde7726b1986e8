import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/**
 * GET /api/bookings/{id}/rate-confirmation: a paid booking's rate confirmation, read by its
 * shipper and its carrier, so both dashboards share this one hook (docs/decisions/0226). Under
 * `/api/bookings`, so a booking's live notice refetches it.
 */
export type RateConfirmation = ResponseOf<'/api/bookings/{id}/rate-confirmation', 'get'>

export const rateConfirmationKey = (bookingId: number) =>
  `/api/bookings/${bookingId}/rate-confirmation`

/** Loads only once `bookingId` is given (a booking that is paid). */
export function useRateConfirmation(bookingId: number | null) {
  return useSWR<RateConfirmation>(bookingId == null ? null : rateConfirmationKey(bookingId), () =>
    api.get<RateConfirmation>(rateConfirmationKey(bookingId!))
  )
}

/**
 * POST /api/bookings/{id}/rate-confirmation/accept: the carrier accepts (once; again is a
 * no-op). `number` is the revision on screen: a newer one is a 409 (docs/decisions/0250).
 */
export function acceptRateConfirmation(
  bookingId: number,
  number?: string
): Promise<RateConfirmation> {
  return api.post<RateConfirmation>(
    `${rateConfirmationKey(bookingId)}/accept`,
    number ? { number } : {}
  )
}
