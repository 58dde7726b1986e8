import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { EXPEDITED_REFRESH_MS, type ExpeditedJob } from '@/features/expedited/api/types'

export const expeditedOffersKey = '/api/carrier/expedited-jobs/offers'

/** GET /api/carrier/expedited-jobs/offers: requested jobs this carrier fits. */
export function getExpeditedOffers(): Promise<ExpeditedJob[]> {
  return api.get<ExpeditedJob[]>(expeditedOffersKey)
}

export function useExpeditedOffers() {
  return useSWR<ExpeditedJob[]>(expeditedOffersKey, getExpeditedOffers, {
    refreshInterval: EXPEDITED_REFRESH_MS,
  })
}
