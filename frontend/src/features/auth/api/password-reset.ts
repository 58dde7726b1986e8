import { api } from '@/lib/api-client'

/** POST /api/password/forgot: the same 202 `{ message }` whether or not an account uses it. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/password/forgot', { email })
}

/** POST /api/password/reset: the link's token and the new password (decision 0216). */
export function resetPassword(input: { token: string; password: string }) {
  return api.post<{ message: string }>('/api/password/reset', input)
}
