import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { BOARD_REFRESH_MS } from '@/features/freight-board/api/get-board'
import type { FeaturedLoad } from '@/features/freight-board/api/types'

export const featuredLoadsKey = '/api/freight-listings/featured'

/** GET /api/freight-listings/featured: a few open loads anyone may see, without the shipper. */
export function getFeaturedLoads(): Promise<FeaturedLoad[]> {
  return api.get<FeaturedLoad[]>(featuredLoadsKey)
}

export function useFeaturedLoads() {
  return useSWR<FeaturedLoad[]>(featuredLoadsKey, getFeaturedLoads, {
    refreshInterval: BOARD_REFRESH_MS,
    revalidateIfStale: true,
  })
}
