import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'

export type LoginInput = { username: string; password: string }

/** POST /api/login; `username` may also be the account's email. */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/login', input)
}
