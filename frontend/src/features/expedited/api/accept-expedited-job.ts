import { mutate } from 'swr'
import { api } from '@/lib/api-client'
import { carrierExpeditedKey } from '@/features/expedited/api/get-carrier-expedited-jobs'
import { expeditedOffersKey } from '@/features/expedited/api/get-expedited-offers'
import type { ExpeditedJob } from '@/features/expedited/api/types'

/** Reloads the carrier's two lists after a change to one of its jobs. */
export async function refreshCarrierExpedited() {
  await Promise.all([mutate(expeditedOffersKey), mutate(carrierExpeditedKey)])
}

/** POST /api/expedited-jobs/{id}/accept: one carrier wins; the others get a 409. */
export async function acceptExpeditedJob(id: number): Promise<ExpeditedJob> {
  try {
    return await api.post<ExpeditedJob>(`/api/expedited-jobs/${id}/accept`)
  } finally {
    await refreshCarrierExpedited()
  }
}
