import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type UpcomingShipment = {
  id: number
  reference: string
  carrier_name: string
  pickup_address: string | null
  delivery_address: string | null
  num_pallets: number
  /** `YYYY-MM-DD` */
  pickup_date: string | null
  status: string
  totalAmount: number
}

/** How the savings figure was estimated, shown next to it. */
export type SavingsBasis = {
  /** Bookings the estimate covers. */
  bookings: number
  periodMonths: number
  /** Reference LTL market rate, dollars per pallet-mile. */
  referenceRatePerPalletMile: number
  /** What the shipper paid for those bookings, dollars. */
  paid: number
}

export type ShipperDashboardMetrics = {
  upcoming: UpcomingShipment[]
  estimatedSavings: number
  savingsBasis: SavingsBasis
}

export const dashboardMetricsKey = '/api/shipper/dashboard-metrics'

/** GET /api/shipper/dashboard-metrics: upcoming shipments and estimated savings. */
export function getDashboardMetrics(): Promise<ShipperDashboardMetrics> {
  return api.get<ShipperDashboardMetrics>(dashboardMetricsKey)
}

export function useDashboardMetrics() {
  return useSWR<ShipperDashboardMetrics>(dashboardMetricsKey, getDashboardMetrics)
}
