import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type AdminRecentBooking = {
  id: number
  reference: string
  status: string
  paymentStatus: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  totalAmount: number | null
  createdAt: string
  shipperName: string | null
  carrierName: string | null
}

export type AdminDashboard = {
  totalUsers: number
  usersByRole: { shipper: number; carrier: number; admin: number }
  activeCarriers: number
  pendingApprovals: number
  monthlyRevenue: number
  monthLabel: string
  recentBookings: AdminRecentBooking[]
}

export const adminDashboardKey = '/api/admin/dashboard'

/** GET /api/admin/dashboard: the summary cards and the five newest bookings. */
export function getAdminDashboard(): Promise<AdminDashboard> {
  return api.get<AdminDashboard>(adminDashboardKey)
}

export function useAdminDashboard() {
  return useSWR<AdminDashboard>(adminDashboardKey, getAdminDashboard)
}
