import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { TextField } from '@/components/ui/text-field'
import { paths } from '@/config/paths'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { resetPassword } from '@/features/auth/api/password-reset'
import { MESSAGES, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/features/auth/utils/validation'

type Errors = Partial<Record<'password' | 'confirmPassword', string>>

const linkClass = 'font-medium text-brand-700 hover:underline'

/**
 * The page a password reset link opens (decision 0216): the new password twice. The link
 * works once; a refused one says so and offers a new one. Nobody is signed in by it: on
 * success the user signs in with the new password (and their second factor, if on).
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [password, setPassword] = React.useState('')
  const [confirmPassword, setConfirm] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [linkError, setLinkError] = React.useState<string | null>(null)
  const [banner, setBanner] = React.useState<string | null>(null)
  const [done, setDone] = React.useState(false)
  const [saving, setSaving] = React.useState(false)

  const askAgain = (
    <Link to={paths.forgotPassword.getHref()} className={linkClass}>
      Ask for a new link
    </Link>
  )

  if (!token) {
    return (
      <Alert variant="error" title="Password not changed">
        <p>This link is incomplete: open the whole link from the mail.</p>
        <p>{askAgain}</p>
      </Alert>
    )
  }

  if (done) {
    return (
      <div className="space-y-4">
        <Alert variant="success" title="Password set">
          Your new password is set and every device was signed out. Sign in with it now.
        </Alert>
        <Button asChild className="w-full">
          <Link to={paths.login.getHref()}>Sign in</Link>
        </Button>
      </div>
    )
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBanner(null)
    const found: Errors = {}
    if (password.length < PASSWORD_MIN_LENGTH) found.password = MESSAGES.passwordTooShort
    if (confirmPassword !== password) found.confirmPassword = MESSAGES.passwordsDontMatch
    setErrors(found)
    if (Object.keys(found).length > 0) {
      document.getElementById(found.password ? 'reset-password' : 'reset-confirm')?.focus()
      return
    }
    setSaving(true)
    try {
      await resetPassword({ token, password })
      setDone(true)
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (fields.token) setLinkError(fields.token)
      else if (fields.password) setErrors({ password: fields.password })
      else setBanner(serverMessage(err, 'The password could not be set. Try again.'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Set a new password" className="space-y-4">
      {linkError ? (
        <Alert variant="error" title="Password not changed">
          <p>{linkError}</p>
          <p>{askAgain}</p>
        </Alert>
      ) : null}
      {banner ? <Alert variant="error">{banner}</Alert> : null}
      <TextField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <TextField
        id="reset-confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirmPassword}
      />
      <Button type="submit" className="w-full" disabled={saving}>
        {saving ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  )
}
