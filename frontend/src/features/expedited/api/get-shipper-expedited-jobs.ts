import useSWR from 'swr'
import { api } from '@/lib/api-client'
import { EXPEDITED_REFRESH_MS, type ExpeditedJob } from '@/features/expedited/api/types'

export const shipperExpeditedKey = '/api/shipper/expedited-jobs'

/** GET /api/shipper/expedited-jobs: the shipper's jobs, newest first. */
export function getShipperExpeditedJobs(): Promise<ExpeditedJob[]> {
  return api.get<ExpeditedJob[]>(shipperExpeditedKey)
}

/** Polled, so the live ETA and flags follow the driver without a reload. */
export function useShipperExpeditedJobs() {
  return useSWR<ExpeditedJob[]>(shipperExpeditedKey, getShipperExpeditedJobs, {
    refreshInterval: EXPEDITED_REFRESH_MS,
  })
}
