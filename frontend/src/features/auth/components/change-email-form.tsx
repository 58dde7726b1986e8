import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  cancelEmailChange,
  changeEmail,
  emailChangeKey,
  resendEmailChange,
  useEmailChange,
  type EmailChangeState,
  type PendingEmailChange,
} from '@/features/auth/api/change-email'
import { useUser } from '@/features/auth/api/get-user'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDateTime } from '@/lib/format'

type Field = 'email' | 'currentPassword'
type Errors = Partial<Record<Field, string>>

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What the form checks before sending (the server checks again, with its own messages). */
export function checkChangeEmail(email: string, currentPassword: string): Errors {
  const found: Errors = {}
  if (!EMAIL_SHAPE.test(email.trim())) found.email = 'Invalid email address'
  if (!currentPassword) found.currentPassword = 'Current password is required'
  return found
}

const focusField = (field: Field) => document.getElementById(`change-email-${field}`)?.focus()

/**
 * Settings: change the sign-in email with the current password. The new address gets a link
 * and the change applies when it is opened (decision 0167); the current address is told, and
 * once the change applies a carrier's payouts are held for a while (decision 0098). A change
 * waiting for its link is shown with Resend and Cancel.
 */
export function ChangeEmailForm() {
  const { data: user } = useUser()
  const { data: state } = useEmailChange()
  const { mutate } = useSWRConfig()
  const [email, setEmail] = React.useState('')
  const [currentPassword, setCurrent] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [saving, setSaving] = React.useState(false)

  const show = (next: EmailChangeState) => mutate(emailChangeKey, next, { revalidate: false })

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkChangeEmail(email, currentPassword)
    setErrors(found)
    const first = (['email', 'currentPassword'] as const).find((f) => found[f])
    if (first) return focusField(first)
    setSaving(true)
    try {
      const next = await changeEmail({ email: email.trim(), currentPassword })
      setEmail('')
      setCurrent('')
      void show(next)
      toast({
        variant: 'success',
        title: 'Check your new inbox',
        description: `Open the link we sent to ${next.pending?.email ?? 'the new address'} to finish the change. A notice went to ${next.email}.`,
      })
    } catch (err) {
      const fields = fieldErrorsOf(err)
      const fieldErrors: Errors = {}
      if (fields.email) fieldErrors.email = fields.email
      if (fields.currentPassword) fieldErrors.currentPassword = fields.currentPassword
      setErrors(fieldErrors)
      const first = (['email', 'currentPassword'] as const).find((f) => fieldErrors[f])
      if (first) focusField(first)
      else
        toast({
          variant: 'destructive',
          title: 'Email not changed',
          description: serverMessage(err, 'The email could not be changed'),
        })
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change email</CardTitle>
        <CardDescription>
          You sign in with this email{user ? ` (now ${user.email})` : ''}. We send a link to the new
          address: the change applies when you open it. A notice goes to the current address
          {user?.role === 'carrier'
            ? ', and once the change applies your payouts are held for 72 hours'
            : ''}
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {state?.pending ? <PendingChange pending={state.pending} onChange={show} /> : null}
        <form noValidate onSubmit={onSubmit} aria-label="Change email" className="space-y-4">
          <TextField
            id="change-email-email"
            label="New email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <TextField
            id="change-email-currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.currentPassword}
          />
          <Button type="submit" disabled={saving}>
            {saving ? 'Sending...' : 'Change email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

/** The change waiting for its link: where it went, until when, and Resend / Cancel. */
function PendingChange({
  pending,
  onChange,
}: {
  pending: PendingEmailChange
  onChange: (next: EmailChangeState) => unknown
}) {
  const [busy, setBusy] = React.useState<'resend' | 'cancel' | null>(null)

  const act = async (which: 'resend' | 'cancel') => {
    setBusy(which)
    try {
      const next = which === 'resend' ? await resendEmailChange() : await cancelEmailChange()
      await onChange(next)
      toast(
        which === 'resend'
          ? {
              variant: 'success',
              title: 'Link sent again',
              description: `We sent a new link to ${pending.email}; the earlier one no longer works.`,
            }
          : {
              variant: 'success',
              title: 'Email change cancelled',
              description: `Your sign-in email stays ${next.email}.`,
            }
      )
    } catch (err) {
      toast({
        variant: 'destructive',
        title: which === 'resend' ? 'Link not sent' : 'Change not cancelled',
        description: serverMessage(err, 'Please try again'),
      })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      aria-label="Email change waiting"
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="break-words font-medium">Waiting for confirmation: {pending.email}</p>
      <p>
        We sent a link to this address on {formatDateTime(pending.sentAt)}. The link works until{' '}
        {formatDateTime(pending.expiresAt)}; until it is opened you keep signing in with your
        current email.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy !== null}
          onClick={() => void act('resend')}
        >
          {busy === 'resend' ? 'Sending...' : 'Resend link'}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={busy !== null}
          onClick={() => void act('cancel')}
        >
          {busy === 'cancel' ? 'Cancelling...' : 'Cancel change'}
        </Button>
      </div>
    </section>
  )
}
