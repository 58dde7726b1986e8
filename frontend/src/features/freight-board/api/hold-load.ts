import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { BoardLoad } from '@/features/freight-board/api/types'

/** How long a hold keeps a load for its carrier (docs/spec.md §9). */
export const HOLD_MINUTES = 30

/** POST /api/freight-listings/{id}/hold: keeps the load for this carrier for 30 minutes. */
export function holdLoad(id: number): Promise<BoardLoad> {
  return api.post<BoardLoad>(`${freightListingsPath}/${id}/hold`)
}

/** DELETE /api/freight-listings/{id}/hold: gives a held load back to the board early. */
export function releaseLoad(id: number): Promise<BoardLoad> {
  return api.delete<BoardLoad>(`${freightListingsPath}/${id}/hold`)
}
