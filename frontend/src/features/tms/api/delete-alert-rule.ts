import { api } from '@/lib/api-client'
import { alertRulesKey } from '@/features/tms/api/get-alert-rules'

/** DELETE /api/tms/alert-rules/{id}: 204 (its notifications go too); 404 when unknown. */
export function deleteAlertRule(id: number): Promise<null> {
  return api.delete<null>(`${alertRulesKey}/${id}`)
}
