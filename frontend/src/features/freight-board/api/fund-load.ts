import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { LoadFundingIntent } from '@/features/freight-board/api/types'

/**
 * POST /api/freight-listings/{id}/fund: the card intent for an open load's price. The server
 * gives a retry the same intent, so asking twice never charges twice.
 */
export function fundLoad(id: number): Promise<LoadFundingIntent> {
  return api.post<LoadFundingIntent>(`${freightListingsPath}/${id}/fund`)
}
