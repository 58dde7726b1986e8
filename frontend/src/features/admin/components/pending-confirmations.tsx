import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { formatDateTime } from '@/lib/format'
import { serverMessage } from '@/lib/api-errors'
import { useUserActions, type AdminUserActionRequest } from '@/features/admin/api/user-management'
import { ACTIONS } from '@/features/admin/components/user-labels'

/** Why this admin may not confirm the request (the API would answer 403); null when they may. */
function whyNot(request: AdminUserActionRequest, selfId: number | null) {
  if (selfId === null) return null
  if (request.requestedBy === selfId) return 'You asked for this: another admin confirms it'
  if (request.targetUserId === selfId) return 'This is your account: another admin confirms it'
  return null
}

/**
 * Actions on admin accounts waiting for a second admin (the two-person rule, decision 0212):
 * what, on whom, who asked and why, and Confirm for an admin who is neither the asker nor the
 * account. Confirming carries the action out, after a confirmation naming it.
 */
export function PendingConfirmations({
  requests,
  selfId,
  nameOf,
  showTarget = true,
}: {
  requests: AdminUserActionRequest[]
  selfId: number | null
  nameOf: (id: number | null) => string | null
  /** Off on the account's own page, where the target is the page. */
  showTarget?: boolean
}) {
  const { confirm, busy } = useUserActions()
  const [open, setOpen] = React.useState<AdminUserActionRequest | null>(null)
  const [error, setError] = React.useState<{ id: number; message: string } | null>(null)

  const run = async (request: AdminUserActionRequest) => {
    setError(null)
    try {
      await confirm(request.id)
      toast({
        variant: 'success',
        title: ACTIONS[request.action].done,
        description: nameOf(request.targetUserId) ?? undefined,
      })
      setOpen(null)
    } catch (err) {
      setOpen(null)
      setError({ id: request.id, message: serverMessage(err, 'The confirmation failed') })
    }
  }

  return (
    <>
      <ul className="space-y-3" aria-label="Pending confirmations">
        {requests.map((request) => {
          const target = nameOf(request.targetUserId)
          const refusal = whyNot(request, selfId)
          const label = `${ACTIONS[request.action].verb} ${target}`
          return (
            <li
              key={request.id}
              aria-label={label}
              className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="warning" className="normal-case">
                  Waiting for a second admin
                </Badge>
                <span className="font-medium text-slate-900">
                  {ACTIONS[request.action].verb}{' '}
                  {showTarget ? (
                    <Link
                      to={paths.adminUser.getHref(request.targetUserId)}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {target}
                    </Link>
                  ) : (
                    'this account'
                  )}
                  {request.payload?.email ? ` to ${request.payload.email}` : null}
                </span>
              </div>
              <p className="text-slate-700">
                Asked by {nameOf(request.requestedBy)} on {formatDateTime(request.createdAt)}
              </p>
              <p className="break-words text-slate-700">Reason: {request.reason}</p>
              {error?.id === request.id ? (
                <Alert variant="error" title="Not confirmed">
                  {error.message}
                </Alert>
              ) : null}
              {refusal ? (
                <p className="text-xs text-slate-600">{refusal}</p>
              ) : (
                <Button
                  size="sm"
                  variant={ACTIONS[request.action].destructive ? 'destructive' : 'default'}
                  aria-label={`Confirm: ${label}`}
                  onClick={() => setOpen(request)}
                >
                  Confirm
                </Button>
              )}
            </li>
          )
        })}
      </ul>
      <ConfirmDialog
        open={open !== null}
        title={open ? `${ACTIONS[open.action].verb} ${nameOf(open.targetUserId)}?` : ''}
        description={
          open
            ? `${ACTIONS[open.action].effect} You confirm ${nameOf(open.requestedBy)}’s request; both of you are named in the admin audit log.`
            : ''
        }
        confirmLabel={open ? `Confirm: ${ACTIONS[open.action].label.toLowerCase()}` : 'Confirm'}
        busyLabel="Confirming..."
        cancelLabel="Not now"
        busy={open !== null && busy === `request/${open.id}`}
        confirmVariant={open && !ACTIONS[open.action].destructive ? 'default' : 'destructive'}
        onConfirm={() => open && void run(open)}
        onCancel={() => setOpen(null)}
      >
        {open ? <p className="break-words text-sm text-slate-700">Reason: {open.reason}</p> : null}
      </ConfirmDialog>
    </>
  )
}
