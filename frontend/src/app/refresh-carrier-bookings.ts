import { useCallback } from 'react'
import { carrierBookingsKey } from '@/features/carrier/api/get-carrier-bookings'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { under, useRefresh } from '@/features/carrier/api/refresh'

/** A claimed load becomes a booking: reload the carrier's bookings and dashboard figures. */
export function useRefreshCarrierBookings() {
  const refresh = useRefresh()
  return useCallback(() => {
    void refresh(under(carrierBookingsKey), under(carrierDashboardKey))
  }, [refresh])
}
