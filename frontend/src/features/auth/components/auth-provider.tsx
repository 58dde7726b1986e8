import * as React from 'react'
import { useSWRConfig } from 'swr'
import { dismissToast, toast } from '@/components/ui/use-toast'
import { isApiError, onUnauthorized } from '@/lib/api-client'
import { trackEvent } from '@/lib/analytics'
import {
  SIGNED_IN_KEY,
  forgetSignedIn,
  rememberSignedIn,
  wasSignedIn,
  type SignedOutReason,
} from '@/lib/session-end'
import { useUser, userKey, type User } from '@/features/auth/api/get-user'
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
  /**
   * Why this browser is signed out when it was signed in without signing out here: the
   * session ended (a 401 later, or a page load that found it gone) or another tab signed out.
   * Null after a sign-out here, for a visitor, and once someone signs in (decision 0167).
   */
  signedOutReason: SignedOutReason | null
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
  const [signedOutReason, setSignedOutReason] = React.useState<SignedOutReason | null>(null)
  // What the listeners below need to know now, not as of their last render.
  const userRef = React.useRef<User | null>(null)
  const signingOutRef = React.useRef(false)

  React.useEffect(() => {
    userRef.current = data ?? null
    if (data) {
      rememberSignedIn()
      setSignedOutReason(null)
    }
  }, [data])

  /** The session ended without a sign-out here: forget everything of the account and say why. */
  const sessionEnded = React.useCallback(
    async (reason: SignedOutReason) => {
      userRef.current = null
      forgetSignedIn()
      setSignedOutReason(reason)
      await mutate((key) => key !== undefined && key !== userKey, undefined, { revalidate: false })
      await mutateUser(null, { revalidate: false })
    },
    [mutate, mutateUser]
  )

  // Who am I answers a visitor 200 `null` (decision 0174): a browser that was signed in and
  // finds nobody is, without signing out here, lost its session as a 401 would have said.
  React.useEffect(() => {
    if (data !== null || signingOutRef.current || !wasSignedIn()) return
    void sessionEnded('session-ended')
  }, [data, sessionEnded])

  // A 401 for a browser that was signed in: the session expired or was ended elsewhere.
  React.useEffect(
    () =>
      onUnauthorized(() => {
        if (signingOutRef.current) return
        if (!userRef.current && !wasSignedIn()) return
        void sessionEnded('session-ended')
      }),
    [sessionEnded]
  )

  // Another tab of this browser signed out (it cleared the shared flag).
  React.useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SIGNED_IN_KEY || event.newValue !== null || !userRef.current) return
      void sessionEnded('signed-out-elsewhere')
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [sessionEnded])

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
    signingOutRef.current = true
    forgetSignedIn() // the other tabs hear it and sign out too
    try {
      await logoutRequest()
      userRef.current = null
      // Drop every cached read so nothing of the previous account survives, then mark signed out.
      await mutate((key) => key !== undefined, undefined, { revalidate: false })
      await mutateUser(null, { revalidate: false })
      return true
    } catch (err) {
      if (userRef.current) rememberSignedIn()
      toast({ variant: 'destructive', title: 'Logout failed', description: messageOf(err) })
      return false
    } finally {
      signingOutRef.current = false
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
      signedOutReason,
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
      signedOutReason,
    ]
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
