import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'
import type { RequestOf } from '@/types/api-contract'

/** What the form sends: both names, and the phone or null (no phone). */
export type ProfileInput = Required<RequestOf<'/api/account/profile', 'put'>>

/** PUT /api/account/profile: the updated user; 422 with field errors otherwise. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return api.put<User>('/api/account/profile', input)
}
