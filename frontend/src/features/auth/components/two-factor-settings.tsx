import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { userKey } from '@/features/auth/api/get-user'
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorKey,
  useTwoFactorStatus,
  type TwoFactorSetup,
} from '@/features/auth/api/two-factor'
import { RecoveryCodesPanel } from '@/features/auth/components/recovery-codes-panel'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/format'

type Errors = Record<string, string>

/** Runs a call; a 422's field errors go to the form, anything else to a toast. */
function useSubmit(title: string) {
  const [errors, setErrors] = React.useState<Errors>({})
  const [busy, setBusy] = React.useState(false)
  const run = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true)
    setErrors({})
    try {
      return await call()
    } catch (err) {
      const fields = fieldErrorsOf(err)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({ variant: 'destructive', title, description: serverMessage(err, title) })
      }
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { errors, setErrors, busy, run }
}

/**
 * Settings: two-factor sign-in with an authenticator app. Set up (QR code and key, confirmed
 * with a code), recovery codes shown once, new recovery codes, and turning it off (password and
 * a code; not for admins, who must keep it on).
 */
export function TwoFactorSettings() {
  const { data: status, error } = useTwoFactorStatus()
  const { mutate } = useSWRConfig()
  const [setup, setSetup] = React.useState<TwoFactorSetup | null>(null)
  const [codes, setCodes] = React.useState<string[] | null>(null)
  const [code, setCode] = React.useState('')
  const [password, setPassword] = React.useState('')
  const [offCode, setOffCode] = React.useState('')
  const starting = useSubmit('Two-factor setup failed')
  const confirming = useSubmit('Two-factor not turned on')
  const regenerating = useSubmit('No new recovery codes')
  const disabling = useSubmit('Two-factor not turned off')

  const refresh = async () => {
    await Promise.all([mutate(twoFactorKey), mutate(userKey)])
  }

  const onStart = async () => {
    const answer = await starting.run(startTwoFactorSetup)
    if (answer) setSetup(answer)
  }

  const onConfirm = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) return confirming.setErrors({ code: 'Enter the 6-digit code' })
    const answer = await confirming.run(() => confirmTwoFactor(code))
    if (!answer) return
    setSetup(null)
    setCode('')
    setCodes(answer.recoveryCodes)
    toast({ variant: 'success', title: 'Two-factor sign-in is on' })
    await refresh()
  }

  const onRegenerate = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) return regenerating.setErrors({ code: 'Enter the 6-digit code' })
    const answer = await regenerating.run(() => regenerateRecoveryCodes(code))
    if (!answer) return
    setCode('')
    setCodes(answer.recoveryCodes)
    await mutate(twoFactorKey)
  }

  const onDisable = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const typed = offCode.trim()
    if (!password || !typed) {
      return disabling.setErrors({
        ...(password ? {} : { password: 'Password is required' }),
        ...(typed ? {} : { code: 'Enter a code or a recovery code' }),
      })
    }
    const factor = /^\d{6}$/.test(typed) ? { code: typed } : { recoveryCode: typed }
    const done = await disabling.run(() => disableTwoFactor({ password, ...factor }))
    if (done === undefined) return
    setPassword('')
    setOffCode('')
    toast({ variant: 'success', title: 'Two-factor sign-in is off' })
    await refresh()
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          After your password, sign in with a 6-digit code from an authenticator app on your phone,
          so a stolen password alone cannot open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {error ? <Alert variant="error">Could not load two-factor settings.</Alert> : null}
        {status?.required && !status.enabled ? (
          <Alert variant="error" title="Required for admin accounts">
            Turn on two-factor sign-in to use the admin area.
          </Alert>
        ) : null}
        {codes ? (
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        ) : !status ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : !status.enabled ? (
          setup ? (
            <form
              noValidate
              onSubmit={onConfirm}
              aria-label="Turn on two-factor"
              className="space-y-4"
            >
              <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
                <li>Scan this QR code with your authenticator app (or enter the key).</li>
                <li>Enter the 6-digit code the app shows.</li>
              </ol>
              <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
                <img
                  src={setup.qrCode}
                  alt="QR code for your authenticator app"
                  width={176}
                  height={176}
                  className="rounded border border-slate-200 bg-white p-2"
                />
                <div className="min-w-0 text-sm">
                  <p className="text-slate-600">Key</p>
                  <code data-testid="totp-secret" className="break-all font-mono text-slate-900">
                    {setup.secret}
                  </code>
                </div>
              </div>
              <TextField
                id="two-factor-code"
                label="Authentication code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                error={confirming.errors.code}
              />
              <Button type="submit" disabled={confirming.busy}>
                {confirming.busy ? 'Turning on...' : 'Turn on'}
              </Button>
            </form>
          ) : (
            <Button type="button" onClick={onStart} disabled={starting.busy}>
              {starting.busy ? 'Starting...' : 'Set up two-factor sign-in'}
            </Button>
          )
        ) : (
          <>
            <Alert variant="success" title="Two-factor sign-in is on">
              On since {formatDateTime(status.enabledAt)}. {status.recoveryCodesLeft} recovery
              {status.recoveryCodesLeft === 1 ? ' code' : ' codes'} left.
            </Alert>
            <form
              noValidate
              onSubmit={onRegenerate}
              aria-label="New recovery codes"
              className="space-y-3"
            >
              <TextField
                id="regenerate-code"
                label="Code from your app"
                hint="New recovery codes replace the old ones."
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                error={regenerating.errors.code}
              />
              <Button type="submit" variant="outline" disabled={regenerating.busy}>
                Get new recovery codes
              </Button>
            </form>
            {status.required ? (
              <p className="text-sm text-slate-600">
                Admin accounts must keep two-factor sign-in on.
              </p>
            ) : (
              <form
                noValidate
                onSubmit={onDisable}
                aria-label="Turn off two-factor"
                className="space-y-3"
              >
                <TextField
                  id="disable-password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  error={disabling.errors.password}
                />
                <TextField
                  id="disable-code"
                  label="Code or recovery code"
                  autoComplete="one-time-code"
                  value={offCode}
                  onChange={(e) => setOffCode(e.target.value)}
                  error={disabling.errors.code ?? disabling.errors.recoveryCode}
                />
                <Button type="submit" variant="destructive" disabled={disabling.busy}>
                  Turn off two-factor sign-in
                </Button>
              </form>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
