import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { requestPasswordReset } from '@/features/auth/api/password-reset'
import { MESSAGES } from '@/features/auth/utils/validation'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * "Forgot password?" (decision 0216): the address to mail a link to. The answer is the same
 * whether or not an account uses it, so the page says what the server said and nothing more.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const [banner, setBanner] = React.useState<string | null>(null)
  const [sent, setSent] = React.useState<string | null>(null)
  const [sending, setSending] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBanner(null)
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(MESSAGES.invalidEmail)
      document.getElementById('forgot-email')?.focus()
      return
    }
    setError(undefined)
    setSending(true)
    try {
      const { message } = await requestPasswordReset(email.trim())
      setSent(message)
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (fields.email) setError(fields.email)
      else setBanner(serverMessage(err, 'The link could not be sent. Try again in a moment.'))
    } finally {
      setSending(false)
    }
  }

  if (sent) {
    return (
      <Alert variant="success" title="Check your mail">
        {sent}
      </Alert>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Forgot password" className="space-y-4">
      {banner ? <Alert variant="error">{banner}</Alert> : null}
      <p className="text-sm text-slate-700">
        Enter the email you sign in with. We will mail you a link to set a new password.
      </p>
      <TextField
        id="forgot-email"
        label="Email"
        type="email"
        placeholder="you@company.com"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={sending}>
        {sending ? 'Sending...' : 'Send the link'}
      </Button>
    </form>
  )
}
