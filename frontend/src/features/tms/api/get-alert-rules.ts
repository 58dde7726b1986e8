import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type AlertRule = ResponseOf<'/api/tms/alert-rules', 'get'>[number]

export const alertRulesKey = '/api/tms/alert-rules'

/** GET /api/tms/alert-rules: the user's rules, oldest first. */
export function getAlertRules(): Promise<AlertRule[]> {
  return api.get<AlertRule[]>(alertRulesKey)
}

export function useAlertRules() {
  return useSWR<AlertRule[]>(alertRulesKey, getAlertRules)
}
