import useSWR from 'swr'
import { api, isApiError } from '@/lib/api-client'
import type { components } from '@/types/api'

export type Role = components['schemas']['Role']
export type ApprovalStatus = components['schemas']['ApprovalStatus']

/**
 * The signed-in user (GET /api/user), as the API contract describes it; a role the contract does
 * not know yet is kept (and treated as unknown) rather than trusted.
 */
export type User = Omit<components['schemas']['User'], 'role'> & { role: Role | (string & {}) }

export const userKey = '/api/user'

/**
 * The header by which GET /api/user answers 200 `null`, not 401, when nobody is signed in: a
 * visitor is not an error, and a browser logs every 401 as one (docs/decisions/0174).
 */
export const ALLOW_ANONYMOUS = { 'X-Allow-Anonymous': '1' }

/** GET /api/user: the signed-in user, or null when nobody is signed in. */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get<User | null>(userKey, { headers: ALLOW_ANONYMOUS })
  } catch (error) {
    // A 401 all the same (a server without the header's mode): nobody is signed in.
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export function useUser() {
  return useSWR<User | null>(userKey, getUser)
}
