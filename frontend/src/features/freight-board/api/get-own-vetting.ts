import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type OwnVetting = ResponseOf<'/api/carrier/insurance', 'get'>

/** The same read (and SWR key) as the carrier's Insurance & vetting card. */
export const ownVettingKey = '/api/carrier/insurance'

/**
 * GET /api/carrier/insurance: the signed-in carrier's own certificate and newest vetting
 * (decision 0158: a carrier whose newest vetting fails cannot take loads).
 */
export function useOwnVetting(enabled: boolean) {
  return useSWR<OwnVetting>(enabled ? ownVettingKey : null, () =>
    api.get<OwnVetting>(ownVettingKey)
  )
}
