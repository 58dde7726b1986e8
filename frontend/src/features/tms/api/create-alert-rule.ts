import { api } from '@/lib/api-client'
import { alertRulesKey, type AlertRule } from '@/features/tms/api/get-alert-rules'
import type { RequestOf } from '@/types/api-contract'

export type AlertRuleInput = RequestOf<'/api/tms/alert-rules', 'post'>

/** POST /api/tms/alert-rules: 201 the rule; 422 on `shipment`, `triggers`, `channels`, `name`. */
export function createAlertRule(input: AlertRuleInput): Promise<AlertRule> {
  return api.post<AlertRule>(alertRulesKey, input)
}
