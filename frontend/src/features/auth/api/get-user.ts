import useSWR from 'swr'
import { api, isApiError } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type Role = 'shipper' | 'carrier' | 'admin'
export type ApprovalStatus = 'pending' | 'approved' | 'rejected'

/** The signed-in user (GET /api/user), as the API contract describes it. */
export type User = Omit<ResponseOf<'/api/user', 'get'>, 'role' | 'approvalStatus'> & {
  /** Known roles are shipper, carrier and admin; anything else is treated as unknown. */
  role: Role | (string & {})
  approvalStatus: ApprovalStatus
}

export const userKey = '/api/user'

/** GET /api/user: the signed-in user, or null when nobody is signed in (401 is not an error). */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get<User>(userKey)
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export function useUser() {
  return useSWR<User | null>(userKey, getUser)
}
