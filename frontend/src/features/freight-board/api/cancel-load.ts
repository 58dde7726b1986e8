import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { ShipperLoad } from '@/features/freight-board/api/types'

/** POST /api/freight-listings/{id}/cancel: takes an open load off the board. */
export function cancelLoad(id: number): Promise<ShipperLoad> {
  return api.post<ShipperLoad>(`${freightListingsPath}/${id}/cancel`)
}
