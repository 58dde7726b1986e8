import * as React from 'react'
import { Building2, Check, Mail, Phone, RefreshCw, UserCheck, X } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { formatDate } from '@/lib/format'
import { usePendingUsers, type PendingUser } from '@/features/admin/api/get-pending-users'
import { useApproveUser } from '@/features/admin/api/approve-user'
import { CarrierVettingPanel } from '@/features/admin/components/carrier-vetting-panel'
import {
  ApproveOverFailedVettingDialog,
  failingChecksOf,
} from '@/features/admin/components/approve-over-failed-vetting-dialog'
import { fieldErrorsOf } from '@/lib/api-errors'

function fullName(user: PendingUser) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email
}

/** Admin: accounts waiting for review, each with Approve and Reject. */
export function PendingApprovals() {
  const { data, error, isLoading, mutate, isValidating } = usePendingUsers()
  const { decide, pendingId } = useApproveUser()
  // A carrier whose vetting failed is approved through a dialog that asks why (decision 0189).
  const [overriding, setOverriding] = React.useState<PendingUser | null>(null)
  const [reasonError, setReasonError] = React.useState<string | undefined>(undefined)

  const onDecide = async (user: PendingUser, isApproved: boolean, reason?: string) => {
    if (isApproved && reason === undefined && failingChecksOf(user)) {
      setReasonError(undefined)
      setOverriding(user)
      return
    }
    try {
      await decide(user.id, isApproved, reason)
      setOverriding(null)
      toast({
        variant: 'success',
        title: 'User updated',
        description: 'User approval status has been updated successfully.',
      })
    } catch (err) {
      const onReason = fieldErrorsOf(err).reason
      if (reason !== undefined && onReason) {
        setReasonError(onReason)
        return
      }
      toast({
        variant: 'destructive',
        title: 'Update failed',
        description: err instanceof Error ? err.message : String(err),
      })
    }
  }

  return (
    <Card id="users" className="scroll-mt-20">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>
            <span className="flex items-center gap-2">
              <UserCheck className="h-5 w-5 text-brand-500" aria-hidden="true" />
              Pending User Approvals
            </span>
          </CardTitle>
          <CardDescription>
            New accounts waiting for review. Carriers need approval before they can haul.
          </CardDescription>
        </div>
        {data && data.length > 0 ? <Badge variant="warning">{data.length} pending</Badge> : null}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div
            className="space-y-3"
            role="status"
            aria-busy="true"
            aria-label="Loading pending users"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : error ? (
          <div className="space-y-3">
            <Alert variant="error" title="Could not load pending users">
              {error instanceof Error ? error.message : String(error)}
            </Alert>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void mutate()}
              disabled={isValidating}
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> Try again
            </Button>
          </div>
        ) : !data || data.length === 0 ? (
          <EmptyState
            icon={UserCheck}
            title="No pending approvals"
            description="New shipper and carrier accounts waiting for review will appear here."
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Pending users">
            {data.map((user) => {
              const busy = pendingId === user.id
              return (
                <li
                  key={user.id}
                  className="flex flex-col gap-3 py-4 lg:flex-row lg:items-start lg:justify-between"
                  aria-label={fullName(user)}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-medium text-slate-900">{fullName(user)}</p>
                      <Badge variant={user.role === 'carrier' ? 'default' : 'info'}>
                        {user.role}
                      </Badge>
                    </div>
                    <p className="flex items-center gap-1.5 text-sm text-slate-600">
                      <Mail className="h-3.5 w-3.5" aria-hidden="true" /> {user.email}
                    </p>
                    {user.phone ? (
                      <p className="flex items-center gap-1.5 text-sm text-slate-600">
                        <Phone className="h-3.5 w-3.5" aria-hidden="true" /> {user.phone}
                      </p>
                    ) : null}
                    {user.role === 'carrier' && user.companyName ? (
                      <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600">
                        <Building2 className="h-3.5 w-3.5" aria-hidden="true" /> {user.companyName}
                        {user.dotNumber ? (
                          <span className="text-slate-500">· DOT {user.dotNumber}</span>
                        ) : null}
                        {user.mcNumber ? (
                          <span className="text-slate-500">· MC {user.mcNumber}</span>
                        ) : null}
                      </p>
                    ) : null}
                    <p className="text-xs text-slate-500">
                      Registered {formatDate(user.createdAt)}
                    </p>
                  </div>
                  {user.carrierVetting ? (
                    <div className="min-w-0 lg:w-[26rem]">
                      <CarrierVettingPanel summary={user.carrierVetting} name={fullName(user)} />
                    </div>
                  ) : null}
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      variant="success"
                      aria-label={`Approve ${user.email}`}
                      disabled={busy}
                      onClick={() => void onDecide(user, true)}
                    >
                      <Check className="h-4 w-4" aria-hidden="true" /> Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="destructive"
                      aria-label={`Reject ${user.email}`}
                      disabled={busy}
                      onClick={() => void onDecide(user, false)}
                    >
                      <X className="h-4 w-4" aria-hidden="true" /> Reject
                    </Button>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      <ApproveOverFailedVettingDialog
        user={overriding}
        name={overriding ? fullName(overriding) : ''}
        busy={overriding !== null && pendingId === overriding.id}
        serverError={reasonError}
        onApprove={(reason) => overriding && void onDecide(overriding, true, reason)}
        onCancel={() => setOverriding(null)}
      />
    </Card>
  )
}
