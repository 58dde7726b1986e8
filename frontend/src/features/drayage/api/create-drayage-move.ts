import { api } from '@/lib/api-client'
import { drayageMovesKey, type DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import type { RequestOf } from '@/types/api-contract'

export type DrayageMoveInput = RequestOf<'/api/drayage/moves', 'post'>

/** POST /api/drayage/moves: 201 the move; 422 on containerNo, terminalCode, availableOn, deliveryAddress. */
export function createDrayageMove(input: DrayageMoveInput): Promise<DrayageMove> {
  return api.post<DrayageMove>(drayageMovesKey, input)
}
