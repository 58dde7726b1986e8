import { mutate } from 'swr'
import { api } from '@/lib/api-client'
import { shipperExpeditedKey } from '@/features/expedited/api/get-shipper-expedited-jobs'
import type { ExpeditedJob } from '@/features/expedited/api/types'

/** POST /api/expedited-jobs/{id}/cancel: the shipper cancels before pickup. */
export async function cancelExpeditedJob(id: number): Promise<ExpeditedJob> {
  const job = await api.post<ExpeditedJob>(`/api/expedited-jobs/${id}/cancel`)
  await mutate(shipperExpeditedKey)
  return job
}
