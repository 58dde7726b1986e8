import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'
import { adminDashboardKey } from '@/features/admin/api/get-admin-dashboard'

/**
 * PUT /api/admin/users/{id}/approve: approve (true) or reject (false) a pending account. A
 * carrier whose newest vetting failed is approved only with a reason (docs/decisions/0189).
 */
export function approveUser(userId: number, isApproved: boolean, reason?: string) {
  return api.put<unknown>(
    `/api/admin/users/${userId}/approve`,
    reason === undefined ? { isApproved } : { isApproved, reason }
  )
}

/** Approve/reject with the pending list and the summary cards revalidated afterwards, success or not. */
export function useApproveUser() {
  const { mutate } = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)

  const decide = useCallback(
    async (userId: number, isApproved: boolean, reason?: string) => {
      setPendingId(userId)
      try {
        await approveUser(userId, isApproved, reason)
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
