import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'
import { adminDashboardKey } from '@/features/admin/api/get-admin-dashboard'

/** PUT /api/admin/users/{id}/approve: approve (true) or reject (false) a pending account. */
export function approveUser(userId: number, isApproved: boolean) {
  return api.put<unknown>(`/api/admin/users/${userId}/approve`, { isApproved })
}

/** Approve/reject with the pending list and the summary cards revalidated afterwards, success or not. */
export function useApproveUser() {
  const { mutate } = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)

  const decide = useCallback(
    async (userId: number, isApproved: boolean) => {
      setPendingId(userId)
      try {
        await approveUser(userId, isApproved)
      } finally {
        setPendingId(null)
        void mutate(pendingUsersKey)
        void mutate(adminDashboardKey)
      }
    },
    [mutate]
  )

  return { decide, pendingId }
}
