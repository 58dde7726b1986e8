import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type BookingStatusChange = {
  fromStatus: string | null
  toStatus: string
  changedAt: string
  changedBy: { id: number; name: string; role: string } | null
  note: string | null
}

export const bookingHistoryKey = (bookingId: number) => `/api/bookings/${bookingId}/history`

/** GET /api/bookings/{id}/history: every status change of a booking. */
export function getBookingHistory(bookingId: number): Promise<BookingStatusChange[]> {
  return api.get<BookingStatusChange[]>(bookingHistoryKey(bookingId))
}

/** Loads only once `bookingId` is given (the history is fetched when it is opened). */
export function useBookingHistory(bookingId: number | null) {
  return useSWR<BookingStatusChange[]>(
    bookingId == null ? null : bookingHistoryKey(bookingId),
    () => getBookingHistory(bookingId!)
  )
}
