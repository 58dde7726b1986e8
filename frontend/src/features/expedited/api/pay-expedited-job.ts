import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type ExpeditedPaymentIntent = ResponseOf<'/api/expedited-jobs/{id}/payment-intent', 'post'>

/**
 * POST /api/expedited-jobs/{id}/payment-intent: the card payment of a job awaiting it, for the
 * job's own price; the same intent again after a declined card (docs/decisions/0188).
 */
export function createExpeditedPaymentIntent(id: number): Promise<ExpeditedPaymentIntent> {
  return api.post<ExpeditedPaymentIntent>(`/api/expedited-jobs/${id}/payment-intent`)
}
