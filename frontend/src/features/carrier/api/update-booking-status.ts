import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import {
  carrierBookingsKey,
  type BookingStatus,
  type CarrierBooking,
} from '@/features/carrier/api/get-carrier-bookings'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { carrierInvoicesKey } from '@/features/carrier/api/get-carrier-invoices'
import { under, useRefresh } from '@/features/carrier/api/refresh'

/** PUT /api/bookings/{id}/status: the server checks the move against the status machine. */
export function updateBookingStatus(id: number, status: BookingStatus): Promise<CarrierBooking> {
  return api.put<CarrierBooking>(`/api/bookings/${id}/status`, { status })
}

export function useUpdateBookingStatus() {
  const refresh = useRefresh()
  return useCallback(
    async (id: number, status: BookingStatus) => {
      const booking = await updateBookingStatus(id, status)
      // Bookings (and their history), the dashboard figures and — on delivery — the invoices.
      await refresh(
        under('/api/bookings'),
        under(carrierBookingsKey),
        under(carrierDashboardKey),
        under(carrierInvoicesKey)
      )
      return booking
    },
    [refresh]
  )
}
