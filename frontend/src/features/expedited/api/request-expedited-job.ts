import { mutate } from 'swr'
import { api } from '@/lib/api-client'
import { shipperExpeditedKey } from '@/features/expedited/api/get-shipper-expedited-jobs'
import type { ExpeditedJobCreated, ExpeditedJobForm } from '@/features/expedited/api/types'

/** POST /api/expedited-jobs: the server prices it and offers it to matching carriers. */
export async function requestExpeditedJob(form: ExpeditedJobForm): Promise<ExpeditedJobCreated> {
  const created = await api.post<ExpeditedJobCreated>('/api/expedited-jobs', form)
  await mutate(shipperExpeditedKey)
  return created
}
