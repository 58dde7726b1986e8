import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'
import type { RequestOf } from '@/types/api-contract'

export type ChangeEmailInput = RequestOf<'/api/account/email', 'put'>

/**
 * PUT /api/account/email: the user with the new email; 422 with field errors (`email`,
 * `currentPassword`), 429 when the password was tried too often.
 */
export function changeEmail(input: ChangeEmailInput): Promise<User> {
  return api.put<User>('/api/account/email', input)
}
