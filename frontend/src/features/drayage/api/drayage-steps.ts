import { api } from '@/lib/api-client'
import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'

export type DrayageStep = 'accept' | 'gate-out' | 'empty-return'

/**
 * POST /api/drayage/moves/:id/accept | gate-out | empty-return: the move after the step; 409
 * when it is not in the state the step needs (another carrier accepted it first).
 */
export function recordDrayageStep(moveId: number, step: DrayageStep): Promise<DrayageMove> {
  return api.post<DrayageMove>(`/api/drayage/moves/${moveId}/${step}`)
}

/** POST /api/drayage/moves/:id/cancel: the shipper's cancel; a reason once a carrier accepted. */
export function cancelDrayageMove(moveId: number, reason: string | null): Promise<DrayageMove> {
  return api.post<DrayageMove>(`/api/drayage/moves/${moveId}/cancel`, reason ? { reason } : {})
}
