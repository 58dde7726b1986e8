import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components, operations } from '@/types/api'

export type AdminUser = components['schemas']['AdminUserListItem']
export type AdminUserPage = components['schemas']['AdminUserPage']
export type AdminUserDetail = components['schemas']['AdminUserDetail']
export type AdminUserAction = components['schemas']['AdminUserAction']
export type AdminUserActionRequest = components['schemas']['AdminUserActionRequest']
export type AdminUserActionResult = components['schemas']['AdminUserActionResult']
type ListQuery = NonNullable<operations['listAdminUsers']['parameters']['query']>
export type UserSort = NonNullable<ListQuery['sort']>
export type SortDirection = NonNullable<ListQuery['direction']>
export type UserRoleFilter = NonNullable<ListQuery['role']>
export type UserApprovalFilter = NonNullable<ListQuery['approval']>
export type UserStandingFilter = NonNullable<ListQuery['standing']>
export type UserTwoFactorFilter = NonNullable<ListQuery['twoFactor']>

/** The list's filters, sort and page, as the API takes them (and the screen's URL keeps them). */
export type UserListQuery = {
  q?: string
  role?: UserRoleFilter
  approval?: UserApprovalFilter
  standing?: UserStandingFilter
  twoFactor?: UserTwoFactorFilter
  sort?: UserSort
  direction?: SortDirection
  page?: number
  perPage?: number
}

/** Every read of user management: the list's pages, one user, the pending requests. */
export const ADMIN_USERS_PATH = '/api/admin/users'
export const USER_ACTIONS_KEY = '/api/admin/user-actions'

const QUERY_ORDER = [
  'q',
  'role',
  'approval',
  'standing',
  'twoFactor',
  'sort',
  'direction',
  'page',
  'perPage',
] as const

/** The query string of a list query, its fields in one order (one SWR key per list). */
export function userListSearch(query: UserListQuery): string {
  const params = new URLSearchParams()
  for (const name of QUERY_ORDER) {
    const value = query[name]
    const text = typeof value === 'string' ? value.trim() : value
    if (text !== undefined && text !== '') params.set(name, String(text))
  }
  return params.toString()
}

export const adminUsersKey = (query: UserListQuery) =>
  `${ADMIN_USERS_PATH}?${userListSearch({ page: 1, ...query })}`
export const adminUserKey = (userId: number) => `${ADMIN_USERS_PATH}/${userId}`

/** GET /api/admin/users: a page of users, filtered, searched and sorted (decision 0210). */
export function useAdminUsers(query: UserListQuery) {
  const key = adminUsersKey(query)
  return useSWR<AdminUserPage>(key, () => api.get<AdminUserPage>(key), { keepPreviousData: true })
}

/** GET /api/admin/users/:userId: the user's page. */
export function useAdminUser(userId: number | null) {
  const key = userId === null ? null : adminUserKey(userId)
  return useSWR<AdminUserDetail>(key, (path: string) => api.get<AdminUserDetail>(path))
}

/** GET /api/admin/user-actions: actions on admin accounts waiting for a second admin. */
export function useUserActionRequests() {
  return useSWR<AdminUserActionRequest[]>(USER_ACTIONS_KEY, () =>
    api.get<AdminUserActionRequest[]>(USER_ACTIONS_KEY)
  )
}

/**
 * The admins, by id: the requests and the audit log name admins by id only. Admin accounts are
 * few; one page of up to 100 covers them.
 */
export function useAdminNames() {
  const { data } = useAdminUsers({ role: 'admin', sort: 'email', direction: 'asc', perPage: 100 })
  return useCallback(
    (id: number | null) => {
      if (id === null) return null
      const admin = data?.data.find((user) => user.id === id)
      return admin ? (admin.name ?? admin.email) : `Admin #${id}`
    },
    [data]
  )
}

/** Every cached read of user management, and the console's figures it feeds. */
const isUserManagementKey = (key: unknown) =>
  typeof key === 'string' &&
  (key === ADMIN_USERS_PATH ||
    key.startsWith(`${ADMIN_USERS_PATH}?`) ||
    key.startsWith(`${ADMIN_USERS_PATH}/`) ||
    key === USER_ACTIONS_KEY ||
    key.startsWith('/api/admin/carriers'))

/** Each action's path under /api/admin/users/:userId/ where it is not the action's own name. */
const ACTION_PATHS: Partial<Record<AdminUserAction, string>> = { 'change-email': 'email' }

/** An action carried out (200), or an action on an admin waiting for a second admin (202). */
export type ActionOutcome =
  | { kind: 'done'; result: AdminUserActionResult }
  | { kind: 'requested'; request: AdminUserActionRequest }

/**
 * POST /api/admin/users/:userId/<action> with its reason, and POST
 * /api/admin/user-actions/:requestId/confirm; every read of user management revalidates.
 */
export function useUserActions() {
  const { mutate } = useSWRConfig()
  const [busy, setBusy] = useState<string | null>(null)
  const refresh = useCallback(() => void mutate(isUserManagementKey), [mutate])

  const act = useCallback(
    async (
      userId: number,
      action: AdminUserAction,
      reason: string,
      input: { email?: string } = {}
    ): Promise<ActionOutcome> => {
      setBusy(`${userId}/${action}`)
      let status = 200
      try {
        const body = await api.post<AdminUserActionResult | AdminUserActionRequest>(
          `${ADMIN_USERS_PATH}/${userId}/${ACTION_PATHS[action] ?? action}`,
          { ...input, reason },
          { onResponse: (response) => (status = response.status) }
        )
        return status === 202
          ? { kind: 'requested', request: body as AdminUserActionRequest }
          : { kind: 'done', result: body as AdminUserActionResult }
      } finally {
        setBusy(null)
        refresh()
      }
    },
    [refresh]
  )

  const confirm = useCallback(
    async (requestId: number) => {
      setBusy(`request/${requestId}`)
      try {
        return await api.post<AdminUserActionResult>(`${USER_ACTIONS_KEY}/${requestId}/confirm`)
      } finally {
        setBusy(null)
        refresh()
      }
    },
    [refresh]
  )

  return { act, confirm, busy }
}
