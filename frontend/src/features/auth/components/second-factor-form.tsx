import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { isApiError } from '@/lib/api-client'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

export const SIGN_IN_EXPIRED = 'Your sign-in expired. Enter your password again.'

/**
 * The sign-in's second step: the 6-digit code of the user's authenticator app, or one of the
 * recovery codes instead. A 401 means the password step expired (5 minutes): back to it.
 */
export function SecondFactorForm({
  idPrefix = '',
  onBack,
}: {
  idPrefix?: string
  onBack: (message?: string) => void
}) {
  const { completeSignIn, isLoggingIn } = useAuth()
  const [useRecovery, setUseRecovery] = React.useState(false)
  const [value, setValue] = React.useState('')
  const [error, setError] = React.useState<string>()
  const [banner, setBanner] = React.useState<string>()
  const field = useRecovery ? 'recoveryCode' : 'code'
  const id = `${idPrefix}${useRecovery ? 'recovery-code' : 'totp-code'}`

  React.useEffect(() => {
    document.getElementById(id)?.focus()
  }, [id])

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = value.trim()
    if (!typed) {
      setError(useRecovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code')
      return
    }
    setError(undefined)
    setBanner(undefined)
    try {
      await completeSignIn(useRecovery ? { recoveryCode: typed } : { code: typed })
    } catch (err) {
      if (isApiError(err) && err.status === 401) return onBack(SIGN_IN_EXPIRED)
      const fields = fieldErrorsOf(err)
      if (fields[field]) setError(fields[field])
      else setBanner(serverMessage(err, 'Verification failed. Please try again.'))
      setValue('')
    }
  }

  const switchMethod = () => {
    setUseRecovery(!useRecovery)
    setValue('')
    setError(undefined)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Two-factor sign in">
      <p className="text-sm text-slate-600">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code for PalletLine.'}
      </p>
      {banner ? <Alert variant="error">{banner}</Alert> : null}
      {useRecovery ? (
        <TextField
          key="recovery"
          id={id}
          label="Recovery code"
          placeholder="XXXXX-XXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
      ) : (
        <TextField
          key="totp"
          id={id}
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          value={value}
          onChange={(e) => setValue(e.target.value.replace(/\D/g, ''))}
          error={error}
        />
      )}
      <Button type="submit" className="w-full" disabled={isLoggingIn}>
        {isLoggingIn ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" size="sm" className="px-0" onClick={switchMethod}>
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
        <Button type="button" variant="link" size="sm" className="px-0" onClick={() => onBack()}>
          Back to password
        </Button>
      </div>
    </form>
  )
}
