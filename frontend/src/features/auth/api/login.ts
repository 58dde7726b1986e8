import { api } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type LoginInput = { username: string; password: string }

/** The password was right; the account's second factor is asked next. */
export type TwoFactorChallenge = ResponseOf<'/api/login', 'post', 202>

export type SecondFactorInput = RequestOf<'/api/login/two-factor', 'post'>

export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorChallenge {
  return Boolean(answer && (answer as TwoFactorChallenge).twoFactorRequired === true)
}

/**
 * POST /api/login; `username` may also be the account's email. With two-factor on, the answer
 * is a challenge (202) and POST /api/login/two-factor signs in.
 */
export function login(input: LoginInput): Promise<User | TwoFactorChallenge> {
  return api.post<User | TwoFactorChallenge>('/api/login', input)
}

/** POST /api/login/two-factor: an authenticator code or a recovery code; the signed-in user. */
export function loginSecondFactor(input: SecondFactorInput): Promise<User> {
  return api.post<User>('/api/login/two-factor', input)
}
