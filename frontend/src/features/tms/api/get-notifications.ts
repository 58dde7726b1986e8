import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type AlertNotification = ResponseOf<'/api/tms/notifications', 'get'>[number]

export const notificationsKey = '/api/tms/notifications'

/** GET /api/tms/notifications: what the in-app rules said, newest first (at most 100). */
export function getNotifications(): Promise<AlertNotification[]> {
  return api.get<AlertNotification[]>(notificationsKey)
}

export function useNotifications() {
  return useSWR<AlertNotification[]>(notificationsKey, getNotifications, {
    refreshInterval: 60_000,
  })
}
