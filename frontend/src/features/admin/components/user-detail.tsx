import * as React from 'react'
import { useLocation } from 'react-router-dom'
import { ArrowLeft, History, KeyRound, MonitorSmartphone, ShieldCheck } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { VettingChecks } from '@/components/vetting-checks'
import { paths } from '@/config/paths'
import { formatCount, formatDate, formatDateTime } from '@/lib/format'
import { isApiError } from '@/lib/api-client'
import {
  useAdminNames,
  useAdminUser,
  type AdminUserDetail,
} from '@/features/admin/api/user-management'
import { AdminFrame } from '@/features/admin/components/admin-frame'
import { PendingConfirmations } from '@/features/admin/components/pending-confirmations'
import {
  UserActionDialog,
  type UserActionTarget,
} from '@/features/admin/components/user-action-dialog'
import {
  ACTIONS,
  ApprovalBadge,
  RoleBadge,
  StandingBadge,
  TwoFactorBadge,
  availableActions,
  userName,
} from '@/features/admin/components/user-labels'

type NameOf = (id: number | null) => string | null

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  )
}

function Account({ detail }: { detail: AdminUserDetail }) {
  const { user, counts } = detail
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Email">
            {user.email}
            {detail.pendingEmailChange ? (
              <span className="block text-xs text-amber-800">
                Changing to {detail.pendingEmailChange.email}: waiting for the link sent{' '}
                {formatDateTime(detail.pendingEmailChange.sentAt)}, valid until{' '}
                {formatDateTime(detail.pendingEmailChange.expiresAt)}
              </span>
            ) : null}
          </Fact>
          <Fact label="Phone">{detail.phone ?? 'None given'}</Fact>
          <Fact label="Company">
            {user.company ? (
              <>
                {user.company.name}
                <span className="block text-xs text-slate-600">
                  DOT {user.company.dotNumber ?? '—'} · {user.company.mcNumber ?? 'No MC'}
                </span>
              </>
            ) : (
              'No company'
            )}
          </Fact>
          <Fact label="Created">{formatDateTime(user.createdAt)}</Fact>
          <Fact label="Last sign-in">
            {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}
          </Fact>
          <Fact label={user.role === 'carrier' ? 'Bookings (company)' : 'Bookings'}>
            {formatCount(counts.bookings)}
          </Fact>
          <Fact label={user.role === 'carrier' ? 'Loads claimed' : 'Loads posted'}>
            {formatCount(counts.loads)}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  )
}

function Sessions({ detail }: { detail: AdminUserDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Signed-in browsers, named by a fingerprint of the session.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {detail.sessions.length === 0 ? (
          <EmptyState
            icon={MonitorSmartphone}
            title="No sessions"
            description="No browser is signed in to this account."
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Sessions">
            {detail.sessions.map((session) => (
              <li key={session.ref} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-mono text-xs text-slate-800">{session.ref}</span>
                <span className="text-xs text-slate-600">
                  {session.expiresAt
                    ? `Expires ${formatDateTime(session.expiresAt)}`
                    : 'No expiry known'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function Tokens({ detail }: { detail: AdminUserDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>API tokens</CardTitle>
        <CardDescription>Names, abilities, last use and expiry; never the secret.</CardDescription>
      </CardHeader>
      <CardContent>
        {detail.tokens.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API tokens"
            description="This account has no working API token."
            className="py-6"
          />
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="API tokens">
            {detail.tokens.map((token) => (
              <li key={token.id} className="space-y-1 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{token.name ?? 'Unnamed'}</span>
                  {token.abilities.map((ability) => (
                    <Badge key={ability} variant="outline" className="normal-case">
                      {ability === '*' ? 'everything' : ability}
                    </Badge>
                  ))}
                </div>
                <p className="text-xs text-slate-600">
                  Created {formatDate(token.createdAt)} ·{' '}
                  {token.lastUsedAt
                    ? `last used ${formatDateTime(token.lastUsedAt)}`
                    : 'never used'}{' '}
                  · {token.expiresAt ? `expires ${formatDate(token.expiresAt)}` : 'no expiry'}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function Vetting({ detail }: { detail: AdminUserDetail }) {
  if (detail.user.role !== 'carrier') return null
  const summary = detail.vetting
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vetting</CardTitle>
        <CardDescription>
          {summary
            ? `${summary.verified ? 'Verified carrier' : 'Not verified'} · ${
                summary.insuranceExpiresOn
                  ? `insurance expires ${formatDate(summary.insuranceExpiresOn)}`
                  : 'no insurance certificate'
              }`
            : 'The carrier’s FMCSA vetting.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {summary?.vetting ? (
          <VettingChecks vetting={summary.vetting} title="Latest vetting" />
        ) : (
          <EmptyState
            icon={ShieldCheck}
            title="Not vetted yet"
            description="No vetting has run for this carrier."
            className="py-6"
          />
        )}
      </CardContent>
    </Card>
  )
}

function StandingHistory({ detail, nameOf }: { detail: AdminUserDetail; nameOf: NameOf }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Standing history</CardTitle>
        <CardDescription>Every suspension and reinstatement, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {detail.standingHistory.length === 0 ? (
          <EmptyState
            icon={History}
            title="Never suspended"
            description="This account has not been suspended."
            className="py-6"
          />
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Standing history">
            {detail.standingHistory.map((change, i) => (
              <li key={`${change.at}-${i}`} className="rounded-md bg-slate-50 px-3 py-2">
                <span className="font-medium text-slate-900">
                  {change.action === 'suspended' ? 'Suspended' : 'Reinstated'}
                </span>{' '}
                <span className="text-slate-600">
                  {formatDateTime(change.at)}{' '}
                  {change.adminUserId === null
                    ? 'by the daily re-vetting'
                    : `by ${nameOf(change.adminUserId)}`}
                </span>
                {change.reason ? (
                  <span className="block break-words text-slate-700">{change.reason}</span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

function ActionsLog({ detail, nameOf }: { detail: AdminUserDetail; nameOf: NameOf }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin actions</CardTitle>
        <CardDescription>
          The newest actions on this account from the hash-chained admin audit log.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {detail.actions.length === 0 ? (
          <EmptyState
            icon={History}
            title="No admin actions"
            description="No admin has acted on this account."
            className="py-6"
          />
        ) : (
          <ol className="space-y-2 text-sm" aria-label="Admin actions">
            {detail.actions.map((entry) => (
              <li key={entry.id} className="rounded-md bg-slate-50 px-3 py-2">
                <span className="font-medium text-slate-900">{ACTIONS[entry.action].label}</span>{' '}
                <span className="text-slate-600">
                  {formatDateTime(entry.at)} by {nameOf(entry.adminUserId)}
                  {entry.confirmedBy !== null ? `, confirmed by ${nameOf(entry.confirmedBy)}` : ''}
                </span>
                <span className="block break-words text-slate-700">{entry.reason}</span>
                {entry.detail ? (
                  <span className="block text-xs text-slate-600">{entry.detail}</span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

function DetailSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading the user">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-32 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  )
}

/** Back to the list as it was (its search, filters and page) when the list led here. */
function BackToList() {
  const { state } = useLocation()
  const search = typeof state?.listSearch === 'string' ? state.listSearch.replace(/^\?/, '') : ''
  return (
    <Link
      to={paths.adminUsers.getHref(search)}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      All users
    </Link>
  )
}

/**
 * /admin/users/:userId: the account, its company and counts, sessions, API tokens, vetting,
 * standing history and the admin actions log; each action behind a dialog asking the reason.
 * An action on an admin waits for a second admin, shown here until confirmed. Live: another
 * admin's action refetches it.
 */
export function UserDetailPage({ userId, selfId }: { userId: string; selfId: number | null }) {
  const id = /^\d+$/.test(userId) ? Number(userId) : null
  const query = useAdminUser(id)
  const nameOf = useAdminNames()
  const [target, setTarget] = React.useState<UserActionTarget | null>(null)
  const detail = query.data

  let body: React.ReactNode
  if (id === null || (isApiError(query.error) && query.error.status === 404 && !detail)) {
    body = (
      <EmptyState
        title="User not found"
        description="No account has this id. It may have been typed wrong."
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminUsers.getHref()}>All users</Link>
          </Button>
        }
      />
    )
  } else if (!detail && query.error) {
    body = (
      <LoadError
        title="Could not load the user"
        error={query.error}
        onRetry={() => void query.mutate()}
        retrying={query.isValidating}
      />
    )
  } else if (!detail) {
    body = <DetailSkeleton />
  } else {
    const { user } = detail
    const actions = availableActions(user, selfId)
    const waiting = new Set(detail.pendingRequests.map((request) => request.action))
    body = (
      <>
        <div className="space-y-3">
          <div>
            <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900">
              {userName(user)}
            </h1>
            {user.name ? <p className="break-all text-slate-600">{user.email}</p> : null}
          </div>
          <div className="flex flex-wrap items-start gap-1.5" aria-label="Status">
            <RoleBadge role={user.role} />
            <ApprovalBadge approval={user.approval} />
            <StandingBadge user={user} />
            <TwoFactorBadge on={user.twoFactor} />
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Actions">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={
                  action === 'suspend'
                    ? 'destructive'
                    : action === 'reinstate'
                      ? 'default'
                      : 'outline'
                }
                disabled={waiting.has(action)}
                title={waiting.has(action) ? 'Waiting for a second admin' : undefined}
                onClick={() => setTarget({ user, action })}
              >
                {ACTIONS[action].label}
              </Button>
            ))}
          </div>
          {user.role === 'admin' ? (
            <p className="text-xs text-slate-600">
              An admin account: each action waits for a second admin to confirm it.
            </p>
          ) : null}
        </div>

        {detail.pendingRequests.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle>Waiting for a second admin</CardTitle>
            </CardHeader>
            <CardContent>
              <PendingConfirmations
                requests={detail.pendingRequests}
                selfId={selfId}
                nameOf={(adminId) => (adminId === user.id ? userName(user) : nameOf(adminId))}
                showTarget={false}
              />
            </CardContent>
          </Card>
        ) : null}

        <Account detail={detail} />
        <div className="grid gap-6 lg:grid-cols-2">
          <Sessions detail={detail} />
          <Tokens detail={detail} />
        </div>
        <Vetting detail={detail} />
        <div className="grid gap-6 lg:grid-cols-2">
          <StandingHistory detail={detail} nameOf={nameOf} />
          <ActionsLog detail={detail} nameOf={nameOf} />
        </div>
        <UserActionDialog target={target} onClose={() => setTarget(null)} />
      </>
    )
  }

  return (
    <AdminFrame screen={paths.adminUsers.getHref()} mobileTitle="User Management">
      <div>
        <BackToList />
      </div>
      {body}
    </AdminFrame>
  )
}
