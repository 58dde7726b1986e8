import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type Terminal = ResponseOf<'/api/drayage/terminals', 'get'>[number]

export const terminalsKey = '/api/drayage/terminals'

/** GET /api/drayage/terminals: container terminals and rail ramps, by code. */
export function getTerminals(): Promise<Terminal[]> {
  return api.get<Terminal[]>(terminalsKey)
}

export function useTerminals() {
  return useSWR<Terminal[]>(terminalsKey, getTerminals)
}
