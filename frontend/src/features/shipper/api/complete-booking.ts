import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { refresh } from '@/features/shipper/api/refresh'
import { bookingsKey, getBookings, type ShipperBooking } from '@/features/shipper/api/get-bookings'
import {
  dashboardMetricsKey,
  getDashboardMetrics,
} from '@/features/shipper/api/get-dashboard-metrics'
import { bookingHistoryKey, getBookingHistory } from '@/lib/booking-history'
import { getShipperInvoices, shipperInvoicesKey } from '@/features/shipper/api/get-shipper-invoices'

export const completeBookingUrl = (bookingId: number) => `/api/booking/${bookingId}/complete`

/** POST /api/booking/{id}/complete (singular "booking", docs/spec.md §7): releases the payment. */
export function completeBooking(bookingId: number): Promise<ShipperBooking> {
  return api.post<ShipperBooking>(completeBookingUrl(bookingId))
}

/** Complete a delivered shipment; bookings, figures, its history and invoices revalidate. */
export function useCompleteBooking() {
  const swr = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)

  const complete = useCallback(
    async (bookingId: number) => {
      setPendingId(bookingId)
      try {
        return await completeBooking(bookingId)
      } finally {
        setPendingId(null)
        void refresh(swr, bookingsKey, getBookings)
        void refresh(swr, dashboardMetricsKey, getDashboardMetrics)
        void refresh(swr, bookingHistoryKey(bookingId), () => getBookingHistory(bookingId))
        void refresh(swr, shipperInvoicesKey, getShipperInvoices)
      }
    },
    [swr]
  )

  return { complete, pendingId }
}
