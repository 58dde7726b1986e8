import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'

export const openDrayageMovesKey = '/api/drayage/moves/open'

/** GET /api/drayage/moves/open: moves waiting for a DRAY carrier (403 for carriers without DRAY). */
export function getOpenDrayageMoves(): Promise<DrayageMove[]> {
  return api.get<DrayageMove[]>(openDrayageMovesKey)
}

export function useOpenDrayageMoves() {
  return useSWR<DrayageMove[]>(openDrayageMovesKey, getOpenDrayageMoves, {
    refreshInterval: 30_000,
  })
}
