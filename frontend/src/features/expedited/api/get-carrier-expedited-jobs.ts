import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { EXPEDITED_REFRESH_MS, type ExpeditedJob } from '@/features/expedited/api/types'

export const carrierExpeditedKey = '/api/carrier/expedited-jobs'

/** GET /api/carrier/expedited-jobs: the jobs this carrier accepted, live ones first. */
export function getCarrierExpeditedJobs(): Promise<ExpeditedJob[]> {
  return api.get<ExpeditedJob[]>(carrierExpeditedKey)
}

export function useCarrierExpeditedJobs() {
  return useSWR<ExpeditedJob[]>(carrierExpeditedKey, getCarrierExpeditedJobs, {
    refreshInterval: EXPEDITED_REFRESH_MS,
  })
}
