import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { TextField } from '@/components/ui/text-field'
import { useHydrated } from '@/hooks/use-hydrated'
import { useTransientValue } from '@/hooks/use-transient-value'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { validateSignIn, type SignInErrors } from '@/features/auth/utils/validation'
import { SecondFactorForm } from '@/features/auth/components/second-factor-form'

export const SIGN_IN_FAILED_MESSAGE = 'Invalid email or password. Please try again.'
const BANNER_MS = 5000

/**
 * Email and password (an older account's distinct username also works: the API's `username`
 * takes either, decision 0167). On success the auth state changes and the route guard
 * sends the user to their home; on failure a banner shows for 5 seconds. An account with
 * two-factor sign-in on is asked for its code next (SecondFactorForm).
 */
export function SignInForm({ idPrefix = '' }: { idPrefix?: string }) {
  const { login, isLoggingIn } = useAuth()
  const [username, setUsername] = React.useState('')
  const [password, setPassword] = React.useState('')
  const [errors, setErrors] = React.useState<SignInErrors>({})
  const [attempted, setAttempted] = React.useState(false)
  const [banner, showBanner, hideBanner] = useTransientValue<string>(BANNER_MS)
  const hydrated = useHydrated()
  const [codeStep, setCodeStep] = React.useState(false)

  const revalidate = (next: { username: string; password: string }) => {
    if (attempted) setErrors(validateSignIn(next))
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setAttempted(true)
    const found = validateSignIn({ username, password })
    setErrors(found)
    if (found.username || found.password) {
      document.getElementById(`${idPrefix}${found.username ? 'username' : 'password'}`)?.focus()
      return
    }
    hideBanner()
    try {
      const answer = await login({ username: username.trim(), password })
      if ('twoFactorRequired' in answer) setCodeStep(true)
    } catch {
      showBanner(SIGN_IN_FAILED_MESSAGE)
    }
  }

  if (codeStep) {
    return (
      <SecondFactorForm
        idPrefix={idPrefix}
        onBack={(message) => {
          setCodeStep(false)
          setPassword('')
          if (message) showBanner(message)
        }}
      />
    )
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
      aria-label="Sign in"
      inert={!hydrated}
    >
      {banner ? <Alert variant="error">{banner}</Alert> : null}
      <TextField
        id={`${idPrefix}username`}
        label="Email"
        type="email"
        placeholder="you@company.com"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(e) => {
          setUsername(e.target.value)
          revalidate({ username: e.target.value, password })
        }}
        error={errors.username}
      />
      <TextField
        id={`${idPrefix}password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value)
          revalidate({ username, password: e.target.value })
        }}
        error={errors.password}
      />
      <p className="-mt-2 text-right text-sm">
        <Link
          to={paths.forgotPassword.getHref()}
          className="font-medium text-brand-700 hover:underline"
        >
          Forgot password?
        </Link>
      </p>
      <Button type="submit" className="w-full" disabled={isLoggingIn}>
        {isLoggingIn ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
