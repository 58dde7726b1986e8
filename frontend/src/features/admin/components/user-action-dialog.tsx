import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input, Textarea } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import {
  useUserActions,
  type AdminUser,
  type AdminUserAction,
} from '@/features/admin/api/user-management'
import { ACTIONS, userName } from '@/features/admin/components/user-labels'

/** As the API checks it (backend/admin/validators/users.ts). */
export const ACTION_REASON_MIN = 10
export const ACTION_REASON_MAX = 500

export type UserActionTarget = { user: AdminUser; action: AdminUserAction }

/**
 * One action on one account, with the reason it needs (kept in the admin audit log and told to
 * the user). On an admin account the action is only requested: the dialog says a second admin
 * must confirm, and the API answers 202 with the waiting request (the two-person rule, decision
 * 0212). A 422 on `reason` is shown on the field; any other refusal (403, 409) in the dialog.
 */
export function UserActionDialog({
  target,
  onClose,
}: {
  target: UserActionTarget | null
  onClose: () => void
}) {
  const { act, busy } = useUserActions()
  const [reason, setReason] = React.useState('')
  const [email, setEmail] = React.useState('')
  const [emailError, setEmailError] = React.useState<string | undefined>()
  const [fieldError, setFieldError] = React.useState<string | undefined>()
  const [formError, setFormError] = React.useState<string | undefined>()

  React.useEffect(() => {
    setReason('')
    setEmail('')
    setEmailError(undefined)
    setFieldError(undefined)
    setFormError(undefined)
  }, [target])

  const meta = target ? ACTIONS[target.action] : null
  const needsSecond = target?.user.role === 'admin'
  const running = target !== null && busy === `${target.user.id}/${target.action}`
  const asksEmail = target?.action === 'change-email'

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!target || !meta) return
    const text = reason.trim()
    const newEmail = email.trim()
    const emailProblem = !asksEmail
      ? undefined
      : !newEmail
        ? 'Give the new email address'
        : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(newEmail)
          ? 'Enter a valid email address'
          : undefined
    setEmailError(emailProblem)
    if (text.length < ACTION_REASON_MIN) {
      setFieldError(
        text
          ? `The reason must be at least ${ACTION_REASON_MIN} characters`
          : 'Give the reason for this action'
      )
      return
    }
    setFieldError(undefined)
    if (emailProblem) return
    setFormError(undefined)
    try {
      const outcome = await act(
        target.user.id,
        target.action,
        text,
        asksEmail ? { email: newEmail } : {}
      )
      if (outcome.kind === 'requested') {
        toast({
          title: 'Waiting for a second admin',
          description: `${meta.verb} ${userName(target.user)}: another admin must confirm it.`,
        })
      } else {
        const count = outcome.result.count
        toast({
          variant: 'success',
          title: meta.done,
          description: asksEmail
            ? `${newEmail}: the change applies when the link mailed there is followed.`
            : count === null
              ? userName(target.user)
              : `${userName(target.user)}: ${count} ${target.action === 'revoke-tokens' ? 'token' : 'session'}${count === 1 ? '' : 's'}`,
        })
      }
      onClose()
    } catch (err) {
      const onFields = fieldErrorsOf(err)
      if (onFields.email && asksEmail) setEmailError(onFields.email)
      if (onFields.reason) setFieldError(onFields.reason)
      if ((onFields.email && asksEmail) || onFields.reason) return
      const message =
        isApiError(err) && err.fieldErrors[0]
          ? err.fieldErrors[0].message
          : serverMessage(err, 'The action failed')
      setFormError(message)
    }
  }

  const id = 'user-action-reason'
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open || running ? undefined : onClose())}
    >
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>
              {meta?.label} {target ? userName(target.user) : ''}
            </DialogTitle>
            <DialogDescription>{meta?.effect}</DialogDescription>
          </DialogHeader>
          {needsSecond ? (
            <Alert title="A second admin must confirm">
              This is an admin account: your request waits until another admin confirms it. The
              account does not change until then.
            </Alert>
          ) : null}
          {asksEmail ? (
            <FormField
              id="user-action-email"
              label="New email"
              error={emailError}
              hint="A confirmation link goes to this address; the change applies when it is followed."
            >
              <Input
                id="user-action-email"
                type="email"
                autoComplete="off"
                value={email}
                aria-invalid={emailError ? true : undefined}
                aria-describedby="user-action-email-error"
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
          ) : null}
          <FormField
            id={id}
            label="Reason"
            error={fieldError}
            hint="Kept in the admin audit log and sent to the user."
          >
            <Textarea
              id={id}
              rows={3}
              value={reason}
              maxLength={ACTION_REASON_MAX}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-error`}
              onChange={(e) => {
                setReason(e.target.value)
                // The error stays until the next try, unless the reason now passes the check.
                if (e.target.value.trim().length >= ACTION_REASON_MIN) setFieldError(undefined)
              }}
            />
          </FormField>
          {formError ? (
            <Alert variant="error" title="Not done">
              {formError}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={running}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={meta?.destructive ? 'destructive' : 'default'}
              disabled={running}
              aria-busy={running || undefined}
            >
              {needsSecond ? 'Ask a second admin' : meta?.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
