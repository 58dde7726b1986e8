import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { BoardFilters, BoardLoad } from '@/features/freight-board/api/types'

/** The board refreshes every 30 seconds (docs/spec.md §9) even when live updates are down. */
export const BOARD_REFRESH_MS = 30_000

export const NO_FILTERS: BoardFilters = {
  equipment: '',
  mode: '',
  origin_zip: '',
  dest_zip: '',
  funded: false,
}

/** Loads per board page, and the most one read asks for (the API's default and maximum). */
export const BOARD_PAGE = 25
export const MAX_BOARD_LOADS = 100

/** GET /api/freight-listings with only the filters that have a value (and a longer page). */
export function boardKey(filters: BoardFilters, limit = BOARD_PAGE): string {
  const query = new URLSearchParams()
  if (filters.equipment) query.set('equipment', filters.equipment)
  if (filters.mode) query.set('mode', filters.mode)
  if (filters.origin_zip.trim()) query.set('origin_zip', filters.origin_zip.trim())
  if (filters.dest_zip.trim()) query.set('dest_zip', filters.dest_zip.trim())
  if (filters.funded) query.set('funded', 'true')
  if (limit !== BOARD_PAGE) query.set('limit', String(limit))
  const qs = query.toString()
  return qs ? `${freightListingsPath}?${qs}` : freightListingsPath
}

/** Every board key, whatever its filters: for `mutate(isBoardKey)` after a change to the board. */
export function isBoardKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key === freightListingsPath || key.startsWith(`${freightListingsPath}?`))
  )
}

/** The board for `filters`; asks nothing while `enabled` is false (filters the server refuses). */
export function useBoard(filters: BoardFilters, limit = BOARD_PAGE, enabled = true) {
  const key = enabled ? boardKey(filters, limit) : null
  return useSWR<BoardLoad[]>(key, (key: string) => api.get<BoardLoad[]>(key), {
    refreshInterval: BOARD_REFRESH_MS,
    keepPreviousData: true,
    // Loads come and go by the minute: a filter chosen again loads afresh, never from cache.
    revalidateIfStale: true,
  })
}
