import { api } from '@/lib/api-client'

export type ChangePasswordInput = { currentPassword: string; newPassword: string }

/** PUT /api/account/password: 204 when changed; 422 with field errors otherwise. */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.put<null>('/api/account/password', input)
}
