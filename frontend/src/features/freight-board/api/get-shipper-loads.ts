import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { BOARD_REFRESH_MS } from '@/features/freight-board/api/get-board'
import type { ShipperLoad } from '@/features/freight-board/api/types'

export const shipperLoadsKey = '/api/shipper/freight-listings'

/** GET /api/shipper/freight-listings: the signed-in shipper's posted loads. */
export function getShipperLoads(): Promise<ShipperLoad[]> {
  return api.get<ShipperLoad[]>(shipperLoadsKey)
}

/**
 * Holds, claims and funding reach the list at once through the shipper's live notices (the app
 * layout's `LiveUpdates`, docs/decisions/0171); the 30-second poll is the fallback.
 */
export function useShipperLoads() {
  return useSWR<ShipperLoad[]>(shipperLoadsKey, getShipperLoads, {
    refreshInterval: BOARD_REFRESH_MS,
    revalidateIfStale: true,
  })
}
