import * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { changePassword } from '@/features/auth/api/change-password'
import { useUser } from '@/features/auth/api/get-user'
import { MESSAGES, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '@/features/auth/utils/validation'
import { isApiError } from '@/lib/api-client'

type Errors = Partial<Record<'currentPassword' | 'newPassword' | 'confirmPassword', string>>

/**
 * Settings: change the password (the current one is required; the server checks it, and that
 * the new one is not a common password). The account's address is told (decision 0167).
 */
export function ChangePasswordForm() {
  const { data: user } = useUser()
  const [currentPassword, setCurrent] = React.useState('')
  const [newPassword, setNew] = React.useState('')
  const [confirmPassword, setConfirm] = React.useState('')
  const [errors, setErrors] = React.useState<Errors>({})
  const [saving, setSaving] = React.useState(false)

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Errors = {}
    if (!currentPassword) found.currentPassword = 'Current password is required'
    if (newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = MESSAGES.passwordTooShort
    if (confirmPassword !== newPassword) found.confirmPassword = 'Passwords do not match'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      await changePassword({ currentPassword, newPassword })
      setCurrent('')
      setNew('')
      setConfirm('')
      toast({
        variant: 'success',
        title: 'Password changed',
        description: `${user ? `A notice went to ${user.email}. ` : ''}Every other device signed in to your account was signed out.`,
      })
    } catch (err) {
      const fieldErrors: Errors = {}
      if (isApiError(err)) {
        for (const e of err.fieldErrors) {
          if (e.field === 'currentPassword' || e.field === 'newPassword') {
            fieldErrors[e.field] = e.message
          }
        }
      }
      setErrors(fieldErrors)
      if (Object.keys(fieldErrors).length === 0) {
        toast({
          variant: 'destructive',
          title: 'Password not changed',
          description: err instanceof Error ? err.message : String(err),
        })
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Enter your current password, then the new one twice.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} aria-label="Change password" className="space-y-4">
          <TextField
            id="current-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            error={errors.currentPassword}
          />
          <TextField
            id="new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={newPassword}
            onChange={(e) => setNew(e.target.value)}
            error={errors.newPassword}
          />
          <TextField
            id="confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirmPassword}
          />
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
