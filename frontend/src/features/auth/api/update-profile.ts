import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'

export type ProfileInput = { firstName: string; lastName: string; phone: string | null }

/** PUT /api/account/profile: the updated user; 422 with field errors otherwise. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return api.put<User>('/api/account/profile', input)
}
