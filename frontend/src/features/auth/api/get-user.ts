import useSWR from 'swr'
import { api, isApiError } from '@/lib/api-client'
import type { components } from '@/types/api'
import type { ResponseOf } from '@/types/api-contract'

export type Role = components['schemas']['Role']
export type ApprovalStatus = components['schemas']['ApprovalStatus']

/**
 * The signed-in user (GET /api/user), as the API contract describes it; a role the contract does
 * not know yet is kept (and treated as unknown) rather than trusted.
 */
export type User = Omit<ResponseOf<'/api/user', 'get'>, 'role'> & { role: Role | (string & {}) }

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
