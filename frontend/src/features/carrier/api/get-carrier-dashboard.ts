import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { CarrierBooking } from '@/features/carrier/api/get-carrier-bookings'
import type { Listing } from '@/features/carrier/api/get-listings'

export type TopRoute = {
  lane: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  bookings: number
  averageDistance: number | null
  averageRate: number | null
  totalAmount: number
  previousTotalAmount: number
  /** Change against the previous 90 days; null when the lane had no bookings then. */
  growthPct: number | null
}

export type MonthlyEarning = {
  /** YYYY-MM */
  month: string
  label: string
  amount: number
  loads: number
}

export type CarrierDashboard = {
  stats: {
    monthlyEarnings: number
    monthLabel: string
    completedLoads: number
    averageRatePerMilePerPallet: number | null
    acceptanceRate: number | null
    acceptedBookings: number
    decidedBookings: number
  }
  recentBookings: CarrierBooking[]
  listings: Listing[]
  fleet: { total: number; available: number; inUse: number; maintenance: number }
  topRoutes: TopRoute[]
  monthlyEarnings: MonthlyEarning[]
}

export const carrierDashboardKey = '/api/carrier/dashboard'

/** GET /api/carrier/dashboard: every figure of the Carrier Dashboard, computed by the server. */
export function getCarrierDashboard(): Promise<CarrierDashboard> {
  return api.get<CarrierDashboard>(carrierDashboardKey)
}

export function useCarrierDashboard() {
  return useSWR<CarrierDashboard>(carrierDashboardKey, getCarrierDashboard)
}
