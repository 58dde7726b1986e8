import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type StatusChange = {
  fromStatus: string | null
  toStatus: string
  changedAt: string
  /** Null when the platform itself made the change. */
  changedBy: { id: number; name: string; role: string } | null
  note: string | null
}

export const bookingHistoryKey = (bookingId: number) => `/api/bookings/${bookingId}/history`

/** GET /api/bookings/{id}/history: every status change of one booking, oldest first. */
export function getBookingHistory(bookingId: number): Promise<StatusChange[]> {
  return api.get<StatusChange[]>(bookingHistoryKey(bookingId))
}

export function useBookingHistory(bookingId: number) {
  return useSWR<StatusChange[]>(bookingHistoryKey(bookingId), () => getBookingHistory(bookingId))
}
