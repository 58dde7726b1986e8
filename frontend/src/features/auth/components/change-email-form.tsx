import * as React from 'react'
import { useSWRConfig } from 'swr'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  carrierPayoutHoldKey,
  changeNoticeText,
  payoutHoldAfterChange,
} from '@/features/auth/api/account-change-hold'
import { changeEmail } from '@/features/auth/api/change-email'
import { useUser, userKey } from '@/features/auth/api/get-user'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

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
 * Settings: change the sign-in email with the current password. The old address is told, and a
 * carrier's payouts are held for a while (decision 0098), which the confirmation says.
 */
export function ChangeEmailForm() {
  const { data: user } = useUser()
  const { mutate } = useSWRConfig()
  const [email, setEmail] = React.useState('')
  const [currentPassword, setCurrent] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [saving, setSaving] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkChangeEmail(email, currentPassword)
    setErrors(found)
    const first = (['email', 'currentPassword'] as const).find((f) => found[f])
    if (first) return focusField(first)
    const oldEmail = user?.email ?? null
    setSaving(true)
    try {
      const updated = await changeEmail({ email: email.trim(), currentPassword })
      const holdState = await payoutHoldAfterChange(updated)
      setEmail('')
      setCurrent('')
      void mutate(userKey, updated, { revalidate: true })
      // Payout History reads the hold from the cache (not revalidated on mount): fill it now.
      if (holdState) void mutate(carrierPayoutHoldKey, holdState, { revalidate: false })
      toast({
        variant: 'success',
        title: 'Email changed',
        description: changeNoticeText(oldEmail, holdState?.hold?.endsAt ?? null),
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
          You sign in with this email{user ? ` (now ${user.email})` : ''}. A notice of the change
          goes to the current address
          {user?.role === 'carrier' ? ', and your payouts are held for 72 hours' : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
            {saving ? 'Saving...' : 'Change email'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
