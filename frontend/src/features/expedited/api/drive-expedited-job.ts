import { api } from '@/lib/api-client'
import { refreshCarrierExpedited } from '@/features/expedited/api/accept-expedited-job'
import type { DriverPosition, ExpeditedJob } from '@/features/expedited/api/types'

/**
 * The driver's calls on an accepted job, each followed by a reload of the lists; the delivery is
 * the signed step on the stops screen (docs/decisions/0264).
 */
async function drive(id: number, action: 'position' | 'pickup', body?: unknown) {
  try {
    return await api.post<ExpeditedJob>(`/api/expedited-jobs/${id}/${action}`, body)
  } finally {
    await refreshCarrierExpedited()
  }
}

/** POST /api/expedited-jobs/{id}/position: moves the live ETA. */
export const reportPosition = (id: number, position: DriverPosition) =>
  drive(id, 'position', position)

/** POST /api/expedited-jobs/{id}/pickup */
export const markPickedUp = (id: number) => drive(id, 'pickup')
