import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { ClaimResult } from '@/features/freight-board/api/types'

/** POST /api/freight-listings/{id}/claim: books the load for this carrier; one claim wins. */
export function claimLoad(id: number): Promise<ClaimResult> {
  return api.post<ClaimResult>(`${freightListingsPath}/${id}/claim`)
}
