import { useCallback } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type AppNotification = components['schemas']['Notification']
export type NotificationPage = components['schemas']['NotificationPage']
export type NotificationKind = components['schemas']['NotificationKind']
export type NotificationChannel = components['schemas']['NotificationChannel']
export type NotificationPreference = components['schemas']['NotificationPreference']

/** Every read of the list (each page, the bell's): a `notification` live notice refetches them. */
export const notificationsKey = '/api/notifications'
export const preferencesKey = '/api/notification-preferences'

/** The bell's read: one row is enough, it shows the unread count. */
export const bellKey = `${notificationsKey}?perPage=1`

export const PAGE_SIZE = 20

export const pageKey = (page: number) => `${notificationsKey}?page=${page}&perPage=${PAGE_SIZE}`

/** GET /api/notifications?page=: a page, newest first, with the unread count (decision 0241). */
export function useNotifications(page: number) {
  const key = pageKey(page)
  return useSWR<NotificationPage>(key, () => api.get<NotificationPage>(key), {
    keepPreviousData: true,
  })
}

/** The unread count for the bell (kept fresh by the live notices, and every minute besides). */
export function useUnreadCount() {
  const query = useSWR<NotificationPage>(bellKey, () => api.get<NotificationPage>(bellKey), {
    refreshInterval: 60_000,
  })
  return { unread: query.data?.unread, error: query.error }
}

/** Every read of the list again, after a mark of ours. */
function useRefreshNotifications() {
  const { mutate } = useSWRConfig()
  return useCallback(
    () =>
      mutate(
        (key) =>
          typeof key === 'string' &&
          (key === notificationsKey || key.startsWith(`${notificationsKey}?`))
      ),
    [mutate]
  )
}

/** POST /api/notifications/{id}/read and POST /api/notifications/read-all. */
export function useMarkRead() {
  const refresh = useRefreshNotifications()
  const markRead = useCallback(
    async (id: number) => {
      await api.post(`${notificationsKey}/${id}/read`)
      await refresh()
    },
    [refresh]
  )
  const markAllRead = useCallback(async () => {
    await api.post(`${notificationsKey}/read-all`)
    await refresh()
  }, [refresh])
  return { markRead, markAllRead }
}

/** GET /api/notification-preferences: every kind with its channel. */
export function usePreferences() {
  const query = useSWR<{ preferences: NotificationPreference[] }>(preferencesKey, () =>
    api.get<{ preferences: NotificationPreference[] }>(preferencesKey)
  )
  return { ...query, data: query.data?.preferences }
}

/** PUT /api/notification-preferences */
export async function savePreferences(
  preferences: { kind: NotificationKind; channel: NotificationChannel; push?: boolean }[]
) {
  return api.put<{ preferences: NotificationPreference[] }>(preferencesKey, { preferences })
}

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email_immediate: 'In the app and by email at once',
  email_digest: 'In the app and in a daily email digest',
  off: 'Off',
}
