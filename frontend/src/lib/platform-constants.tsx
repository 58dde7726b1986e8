import useSWR from 'swr'
import type { ResponseOf } from '@/types/api-contract'

export type PlatformConstants = ResponseOf<'/api/platform/constants', 'get'>
export type LoadDefaults = PlatformConstants['load']['defaults']

export const platformConstantsKey = '/api/platform/constants'

/**
 * GET /api/platform/constants: the payout split and a load's defaults and limits as the server
 * applies them (docs/decisions/0200, 0201). The screens print these, never copies of their own;
 * read once per visit (the app's SWR settings never revalidate it) and shared by every screen.
 */
export function usePlatformConstants() {
  return useSWR<PlatformConstants>(platformConstantsKey)
}

/**
 * A share of a booking total as "(91%)": the carrier's payout or the platform's fee. While the
 * constants load, a short pulse where the figure will be; if they cannot be read, nothing (the
 * amounts beside it are the server's either way).
 */
export function SharePercent({ share }: { share: 'carrier' | 'platform' }) {
  const { data, error } = usePlatformConstants()
  if (data) {
    const split = data.payoutSplit
    return <>({share === 'carrier' ? split.carrierPercent : split.platformPercent}%)</>
  }
  if (error) return null
  return (
    <span
      aria-hidden="true"
      data-testid="share-percent-loading"
      className="inline-block h-3 w-8 animate-pulse rounded bg-slate-200 align-middle"
    />
  )
}
