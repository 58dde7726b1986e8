import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/**
 * GET /api/bookings/{id}/history: every status change of one booking, oldest first. Its
 * shipper, its carrier and admins read it, so both dashboards share this one hook.
 */
export type StatusChange = ResponseOf<'/api/bookings/{id}/history', 'get'>[number]

export const bookingHistoryKey = (bookingId: number) => `/api/bookings/${bookingId}/history`

export function getBookingHistory(bookingId: number): Promise<StatusChange[]> {
  return api.get<StatusChange[]>(bookingHistoryKey(bookingId))
}

/** Loads only once `bookingId` is given (a timeline is fetched when it is opened). */
export function useBookingHistory(bookingId: number | null) {
  return useSWR<StatusChange[]>(bookingId == null ? null : bookingHistoryKey(bookingId), () =>
    getBookingHistory(bookingId!)
  )
}
