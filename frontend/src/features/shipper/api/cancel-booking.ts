import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { components } from '@/types/api'
import { api } from '@/lib/api-client'
import { refresh } from '@/features/shipper/api/refresh'
import { bookingsKey, getBookings, type ShipperBooking } from '@/features/shipper/api/get-bookings'
import {
  dashboardMetricsKey,
  getDashboardMetrics,
} from '@/features/shipper/api/get-dashboard-metrics'
import { bookingHistoryKey, getBookingHistory } from '@/lib/booking-history'

export const cancelBookingUrl = (bookingId: number) => `/api/bookings/${bookingId}/cancel`

/** What cancelling now would do: refund, late-cancel fee and its split, the load (0178). */
export type CancellationQuote = components['schemas']['CancellationQuote']

export const cancellationQuoteKey = (bookingId: number) => `/api/bookings/${bookingId}/cancellation`

/** GET /api/bookings/{id}/cancellation: the server's cancellation outcome, asked fresh. */
export function getCancellationQuote(bookingId: number): Promise<CancellationQuote> {
  return api.get<CancellationQuote>(cancellationQuoteKey(bookingId))
}

/** The quote while the cancel dialog is open (null: closed); never served from an old cache. */
export function useCancellationQuote(bookingId: number | null) {
  return useSWR(
    bookingId == null ? null : cancellationQuoteKey(bookingId),
    () => getCancellationQuote(bookingId!),
    { revalidateOnMount: true, dedupingInterval: 0, revalidateOnFocus: false }
  )
}

/** POST /api/bookings/{id}/cancel: allowed until the shipment is in transit. */
export function cancelBooking(bookingId: number): Promise<ShipperBooking> {
  return api.post<ShipperBooking>(cancelBookingUrl(bookingId))
}

/** Cancel a booking; bookings, figures and its history revalidate whatever the outcome. */
export function useCancelBooking() {
  const swr = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)

  const cancel = useCallback(
    async (bookingId: number) => {
      setPendingId(bookingId)
      try {
        return await cancelBooking(bookingId)
      } finally {
        setPendingId(null)
        void refresh(swr, bookingsKey, getBookings)
        void refresh(swr, dashboardMetricsKey, getDashboardMetrics)
        void refresh(swr, bookingHistoryKey(bookingId), () => getBookingHistory(bookingId))
      }
    },
    [swr]
  )

  return { cancel, pendingId }
}
