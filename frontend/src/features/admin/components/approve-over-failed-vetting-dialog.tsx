import * as React from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/input'
import type { PendingUser } from '@/features/admin/api/get-pending-users'

/** As the server requires (admin/validators/approval.ts). */
export const APPROVAL_REASON_MIN = 10
export const APPROVAL_REASON_MAX = 500

/** The failing checks of a pending carrier's newest vetting; null when it did not fail. */
export function failingChecksOf(user: PendingUser) {
  const vetting = user.carrierVetting?.vetting
  if (!vetting || vetting.result !== 'fail') return null
  return vetting.checks.filter((check) => check.result === 'fail')
}

/**
 * Approving a carrier whose vetting failed (docs/decisions/0189): the failing checks, and the
 * reason the admin approves it anyway, kept with the admin's name in its standing history.
 */
export function ApproveOverFailedVettingDialog({
  user,
  name,
  busy,
  serverError,
  onApprove,
  onCancel,
}: {
  user: PendingUser | null
  name: string
  busy: boolean
  /** The server's message on `reason`, if it refused the one given */
  serverError?: string
  onApprove: (reason: string) => void
  onCancel: () => void
}) {
  const [reason, setReason] = React.useState('')
  const [tried, setTried] = React.useState(false)
  const id = React.useId()
  React.useEffect(() => {
    setReason('')
    setTried(false)
  }, [user?.id])
  const failing = user ? (failingChecksOf(user) ?? []) : []
  const length = reason.trim().length
  const localError =
    length === 0
      ? 'Give the reason for approving this carrier'
      : length < APPROVAL_REASON_MIN
        ? `The reason must be at least ${APPROVAL_REASON_MIN} characters`
        : undefined
  const error = (tried ? localError : undefined) ?? serverError
  return (
    <ConfirmDialog
      open={user !== null}
      title={`Approve ${name} although its vetting failed?`}
      description="It will be able to hold and claim loads, but claims re-vet it at dispatch and refuse it while these checks fail. Your reason is kept with your name in its standing history."
      confirmLabel="Approve anyway"
      busyLabel="Approving..."
      cancelLabel="Not now"
      confirmVariant="success"
      busy={busy}
      onConfirm={() => {
        setTried(true)
        if (!localError) onApprove(reason.trim())
      }}
      onCancel={onCancel}
    >
      <div className="space-y-3">
        <section aria-label="Failing checks" className="space-y-1.5">
          <p className="text-sm font-medium text-slate-900">Failing checks</p>
          <ul className="space-y-1.5">
            {failing.map((check) => (
              <li key={check.key} className="rounded-md bg-red-50 px-2.5 py-1.5 text-sm">
                <span className="font-medium text-red-900">{check.label}</span>
                <span className="block text-red-800">{check.reason}</span>
              </li>
            ))}
          </ul>
        </section>
        <FormField id={id} label="Reason for approving" error={error}>
          <Textarea
            id={id}
            value={reason}
            maxLength={APPROVAL_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            disabled={busy}
          />
        </FormField>
      </div>
    </ConfirmDialog>
  )
}
