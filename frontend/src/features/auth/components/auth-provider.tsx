import * as React from 'react'
import { useSWRConfig } from 'swr'
import { dismissToast, toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import { trackEvent } from '@/lib/analytics'
import { useUser, type User } from '@/features/auth/api/get-user'
import {
  isTwoFactorChallenge,
  login as loginRequest,
  loginSecondFactor,
  type LoginInput,
  type SecondFactorInput,
  type TwoFactorChallenge,
} from '@/features/auth/api/login'
import { register as registerRequest, type RegisterInput } from '@/features/auth/api/register'
import { logout as logoutRequest } from '@/features/auth/api/logout'

export type AuthContextValue = {
  user: User | null
  /** True only while the first GET /api/user is in flight. */
  isLoading: boolean
  error: Error | undefined
  /**
   * Resolves with the signed-in user, or with a challenge when the account has two-factor on
   * (then `completeSignIn` finishes); rejects (after a 'Login failed' toast) on failure.
   */
  login: (input: LoginInput) => Promise<User | TwoFactorChallenge>
  /** The second factor after a challenge; rejects with the server's field error, no toast. */
  completeSignIn: (input: SecondFactorInput) => Promise<User>
  /** Resolves with the new, signed-in user; rejects (after a 'Registration failed' toast) on failure. */
  register: (input: RegisterInput) => Promise<User>
  /** Resolves true when signed out; false after a 'Logout failed' toast. Never rejects. */
  logout: () => Promise<boolean>
  isLoggingIn: boolean
  isRegistering: boolean
  isLoggingOut: boolean
}

export const AuthContext = React.createContext<AuthContextValue | null>(null)

function statusOf(error: unknown) {
  return isApiError(error) ? error.status : undefined
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error)
}

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const { data, error, isLoading, mutate: mutateUser } = useUser()
  const { mutate } = useSWRConfig()
  const [isLoggingIn, setLoggingIn] = React.useState(false)
  const [isRegistering, setRegistering] = React.useState(false)
  const [isLoggingOut, setLoggingOut] = React.useState(false)

  const login = React.useCallback(
    async (input: LoginInput) => {
      setLoggingIn(true)
      try {
        const answer = await loginRequest(input)
        dismissToast() // an earlier 'Login failed' no longer applies
        if (isTwoFactorChallenge(answer)) return answer
        const user = answer
        trackEvent('login', { role: user.role })
        await mutateUser(user, { revalidate: false })
        return user
      } catch (err) {
        trackEvent('login_failed', { status: statusOf(err) })
        toast({ variant: 'destructive', title: 'Login failed', description: messageOf(err) })
        throw err
      } finally {
        setLoggingIn(false)
      }
    },
    [mutateUser]
  )

  const completeSignIn = React.useCallback(
    async (input: SecondFactorInput) => {
      setLoggingIn(true)
      try {
        const user = await loginSecondFactor(input)
        trackEvent('login', { role: user.role })
        await mutateUser(user, { revalidate: false })
        return user
      } catch (err) {
        trackEvent('login_failed', { status: statusOf(err), step: 'second_factor' })
        throw err
      } finally {
        setLoggingIn(false)
      }
    },
    [mutateUser]
  )

  const register = React.useCallback(
    async (input: RegisterInput) => {
      setRegistering(true)
      trackEvent('sign_up_attempt', { role: input.role })
      try {
        const user = await registerRequest(input)
        trackEvent('sign_up', { role: user.role })
        dismissToast() // an earlier 'Registration failed' no longer applies
        await mutateUser(user, { revalidate: false })
        return user
      } catch (err) {
        trackEvent('sign_up_failed', { role: input.role, status: statusOf(err) })
        toast({ variant: 'destructive', title: 'Registration failed', description: messageOf(err) })
        throw err
      } finally {
        setRegistering(false)
      }
    },
    [mutateUser]
  )

  const logout = React.useCallback(async () => {
    setLoggingOut(true)
    try {
      await logoutRequest()
      // Drop every cached read so nothing of the previous account survives, then mark signed out.
      await mutate((key) => key !== undefined, undefined, { revalidate: false })
      await mutateUser(null, { revalidate: false })
      return true
    } catch (err) {
      toast({ variant: 'destructive', title: 'Logout failed', description: messageOf(err) })
      return false
    } finally {
      setLoggingOut(false)
    }
  }, [mutate, mutateUser])

  const value = React.useMemo<AuthContextValue>(
    () => ({
      user: data ?? null,
      isLoading,
      error: error as Error | undefined,
      login,
      completeSignIn,
      register,
      logout,
      isLoggingIn,
      isRegistering,
      isLoggingOut,
    }),
    [
      data,
      isLoading,
      error,
      login,
      completeSignIn,
      register,
      logout,
      isLoggingIn,
      isRegistering,
      isLoggingOut,
    ]
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
