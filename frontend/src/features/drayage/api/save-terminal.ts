import { api } from '@/lib/api-client'
import type { Terminal } from '@/features/drayage/api/get-terminals'
import type { RequestOf } from '@/types/api-contract'

export type TerminalInput = RequestOf<'/api/admin/terminals', 'post'>

/** POST /api/admin/terminals, or PUT /api/admin/terminals/:id when `id` is given (admins). */
export function saveTerminal(input: TerminalInput, id?: number): Promise<Terminal> {
  return id === undefined
    ? api.post<Terminal>('/api/admin/terminals', input)
    : api.put<Terminal>(`/api/admin/terminals/${id}`, input)
}
