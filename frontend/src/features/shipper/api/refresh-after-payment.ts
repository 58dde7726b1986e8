import * as React from 'react'
import { useSWRConfig } from 'swr'
import {
  bookingKey,
  bookingsKey,
  getBookings,
  type ShipperBooking,
} from '@/features/shipper/api/get-bookings'
import { bookingHistoryKey, getBookingHistory } from '@/lib/booking-history'
import {
  dashboardMetricsKey,
  getDashboardMetrics,
} from '@/features/shipper/api/get-dashboard-metrics'
import { getShipperInvoices, shipperInvoicesKey } from '@/features/shipper/api/get-shipper-invoices'
import { refresh } from '@/features/shipper/api/refresh'

/**
 * Composed by the payment-success route (app/): a confirmed payment changes the booking (paid, booked, carrier revealed): store the paid
 * booking and reload every cached view of it, so My Bookings shows it at once (decision 0030).
 */
export function useRefreshAfterPayment() {
  const swr = useSWRConfig()
  return React.useCallback(
    (booking: ShipperBooking) => {
      void swr.mutate(bookingKey(booking.id), booking, { revalidate: false })
      void refresh(swr, bookingsKey, getBookings)
      void refresh(swr, dashboardMetricsKey, getDashboardMetrics)
      void refresh(swr, shipperInvoicesKey, getShipperInvoices)
      void refresh(swr, bookingHistoryKey(booking.id), () => getBookingHistory(booking.id))
    },
    [swr]
  )
}
