import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { FreightAudit } from '@/features/freight-board/api/types'

export function loadAuditsKey(id: number) {
  return `${freightListingsPath}/${id}/audits`
}

/** GET /api/freight-listings/{id}/audits: what happened to the load, oldest first. */
export function useLoadAudits(id: number | null) {
  return useSWR<FreightAudit[]>(id == null ? null : loadAuditsKey(id), (key: string) =>
    api.get<FreightAudit[]>(key)
  )
}
