import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type IdentityRevealLog = {
  id: number
  bookingId: number
  bookingReference: string
  viewerId: number | null
  viewerName: string | null
  viewerRole: string
  viewedAt: string
  /** an admin's reason for a deliberate reveal (docs/decisions/0186); null for a page's view */
  reason: string | null
}

export type AnalyticsOverview = {
  totalRevenue: number
  /** Mean rate per pallet-mile of non-cancelled bookings; null when there are none. */
  averageRate: number | null
  activeShippers: number
  totalBookings: number
  identityRevealLogs: {
    data: IdentityRevealLog[]
    meta: { total: number; perPage: number; currentPage: number; lastPage: number }
  }
}

export const AUDIT_LOG_PER_PAGE = 10

/** Whose reveals the log shows: everyone's, the paying shippers' or the admins'. */
export type RevealViewerFilter = 'all' | 'shipper' | 'admin'

export const analyticsOverviewKey = (
  page = 1,
  perPage = AUDIT_LOG_PER_PAGE,
  viewerRole: RevealViewerFilter = 'all'
) =>
  `/api/admin/analytics-overview?page=${page}&perPage=${perPage}` +
  (viewerRole === 'all' ? '' : `&viewerRole=${viewerRole}`)

/** GET /api/admin/analytics-overview: platform totals and one page of the identity reveal log. */
export function getAnalyticsOverview(
  page = 1,
  perPage = AUDIT_LOG_PER_PAGE,
  viewerRole: RevealViewerFilter = 'all'
) {
  return api.get<AnalyticsOverview>(analyticsOverviewKey(page, perPage, viewerRole))
}

/** Keeps showing the previous page while the next one loads. */
export function useAnalyticsOverview(
  page = 1,
  perPage = AUDIT_LOG_PER_PAGE,
  viewerRole: RevealViewerFilter = 'all'
) {
  return useSWR<AnalyticsOverview>(
    analyticsOverviewKey(page, perPage, viewerRole),
    () => getAnalyticsOverview(page, perPage, viewerRole),
    { keepPreviousData: true }
  )
}
