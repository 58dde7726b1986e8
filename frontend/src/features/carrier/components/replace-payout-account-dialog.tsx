import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import {
  replacePayoutAccount,
  type PayoutAccountReplaced,
} from '@/features/carrier/api/replace-payout-account'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

const PASSWORD_ID = 'replace-payout-password'

/**
 * Confirm replacing the payout account with the current password. Explains what follows: a new
 * account to onboard, a notice to the email on file and payouts held for 72 hours (decision 0098).
 */
export function ReplacePayoutAccountDialog({
  open,
  onOpenChange,
  onReplaced,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onReplaced: (answer: PayoutAccountReplaced) => void
}) {
  const [password, setPassword] = React.useState('')
  const [error, setError] = React.useState<string | undefined>()
  const [saving, setSaving] = React.useState(false)

  React.useEffect(() => {
    if (!open) {
      setPassword('')
      setError(undefined)
    }
  }, [open])

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const focus = () => document.getElementById(PASSWORD_ID)?.focus()
    if (!password) {
      setError('Current password is required')
      return focus()
    }
    setSaving(true)
    try {
      const answer = await replacePayoutAccount({ currentPassword: password })
      onReplaced(answer)
      onOpenChange(false)
    } catch (err) {
      setError(
        fieldErrorsOf(err).currentPassword ??
          serverMessage(err, 'The payout account could not be replaced')
      )
      focus()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <DialogContent
        role="alertdialog"
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          document.getElementById(PASSWORD_ID)?.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Replace payout account</DialogTitle>
          <DialogDescription>
            A new payout account replaces the current one, and you set it up again with our payment
            provider, like the first time. A notice goes to the email on your account, and your
            payouts are held for 72 hours from now, so nobody who took over your account can quietly
            redirect them.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Replace payout account"
          className="space-y-4"
        >
          <TextField
            id={PASSWORD_ID}
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={saving}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={saving}>
              {saving ? 'Replacing...' : 'Replace account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
