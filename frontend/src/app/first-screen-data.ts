import { preload } from 'swr'
import { paths } from '@/config/paths'
import { swrFetcher } from '@/lib/api-client'
import { platformConstantsKey } from '@/lib/platform-constants'
import { getUser, userKey } from '@/features/auth/api/get-user'
import { adminDashboardKey } from '@/features/admin/api/get-admin-dashboard'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { boardKey, NO_FILTERS } from '@/features/freight-board/api/get-board'
import { ownVettingKey } from '@/features/freight-board/api/get-own-vetting'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { dashboardMetricsKey } from '@/features/shipper/api/get-dashboard-metrics'

/**
 * The reads each signed-in screen shows first (its default section: the URL has no hash), as its
 * hooks key them. Each is a plain GET of its key, what SWR's default fetcher asks.
 */
export const FIRST_READS: Record<string, readonly string[]> = {
  [paths.shipper.path]: [dashboardMetricsKey],
  [paths.postLoad.path]: [platformConstantsKey, shipperLoadsKey],
  [paths.tms.path]: [platformConstantsKey],
  [paths.carrier.path]: [carrierDashboardKey],
  [paths.freightBoard.path]: [boardKey(NO_FILTERS), ownVettingKey],
  [paths.admin.path]: [adminDashboardKey, pendingUsersKey],
}

/** How long a started read waits for its screen before the screen asks afresh. */
const FRESH_MS = 10_000

/**
 * The first screen's data, asked for as the app starts, beside the screen's code and the current
 * user rather than after them (issue 38, decision 0219): SWR's `preload`, which the screen's
 * hook takes over. A screen with a section in its hash asks for that section's reads when shown.
 */
export function preloadFirstScreen({ pathname, hash }: { pathname: string; hash: string }) {
  const reads = FIRST_READS[pathname]
  if (!reads) return
  // Who is signed in: the guard's question, asked beside the screen's own (200 null for nobody).
  preload(userKey, (key: string) => startRead(key, getUser))
  if (hash && hash !== '#') return
  for (const key of reads) preload(key, (read: string) => startRead(read, swrFetcher))
}

/**
 * A read started now, answered when the screen's hook asks: its answer, or a new request if it
 * failed (a visitor not signed in yet signs in, then opens the screen) or waited too long.
 */
function startRead(key: string, fetcher: (key: string) => Promise<unknown>): Promise<unknown> {
  const startedAt = Date.now()
  const first = fetcher(key)
  let failed = false
  first.catch(() => {
    failed = true
  })
  const answer = () =>
    failed || Date.now() - startedAt > FRESH_MS ? fetcher(key) : first.catch(() => fetcher(key))
  // Decided when awaited, so a thenable: SWR awaits what the fetcher returned.
  return { then: (resolve, reject) => answer().then(resolve, reject) } as Promise<unknown>
}
