import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type DrayageMove = ResponseOf<'/api/drayage/moves', 'get'>[number]
export type DrayageAppointment = DrayageMove['appointments'][number]

export const drayageMovesKey = '/api/drayage/moves'

/** GET /api/drayage/moves: the shipper's moves, or the carrier's accepted ones (charges as of today). */
export function getDrayageMoves(): Promise<DrayageMove[]> {
  return api.get<DrayageMove[]>(drayageMovesKey)
}

export function useDrayageMoves() {
  return useSWR<DrayageMove[]>(drayageMovesKey, getDrayageMoves, { refreshInterval: 60_000 })
}
