import * as React from 'react'
import { BellOff, CheckCheck, Settings } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import { Link } from '@/components/ui/link'
import { LoadError } from '@/components/ui/load-error'
import { Pager } from '@/components/ui/pager'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import {
  useMarkRead,
  useNotifications,
  type AppNotification,
} from '@/features/notifications/api/notifications'
import { formatDateTime } from '@/lib/format'
import { useNavigation } from '@/lib/navigation'
import { cn } from '@/lib/utils'

const KIND_LABELS: Record<AppNotification['kind'], string> = {
  booking: 'Booking',
  payment: 'Payment',
  payout: 'Payout',
  hold_expiry: 'Expiry',
  vetting: 'Account',
  reviews_due: 'Review',
  invite: 'Invite',
  offer: 'Offer',
  message: 'Message',
  claim: 'Claim',
  alert: 'Alert',
}

/**
 * The notification centre (decision 0241): what happened to the company's work, newest first,
 * each with its link; opening one marks it read; "Mark all read" asks first. New ones arrive
 * live (the `notification` notice refetches the list).
 */
export function NotificationsPage() {
  const [page, setPage] = React.useState(1)
  const { data, error, isLoading, isValidating, mutate } = useNotifications(page)
  const { markRead, markAllRead } = useMarkRead()
  const { navigate } = useNavigation()
  const [confirming, setConfirming] = React.useState(false)
  const [busy, setBusy] = React.useState(false)

  const open = async (n: AppNotification) => {
    if (!n.readAt) {
      try {
        await markRead(n.id)
      } catch {
        // Reading it matters more than the mark: the next visit shows it unread again.
      }
    }
    navigate(n.link)
  }

  const readOne = async (n: AppNotification) => {
    try {
      await markRead(n.id)
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Not marked read',
        description: err instanceof Error ? err.message : String(err),
      })
    }
  }

  const readAll = async () => {
    setBusy(true)
    try {
      await markAllRead()
      setConfirming(false)
      toast({ variant: 'success', title: 'Every notification is marked read' })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Not marked read',
        description: err instanceof Error ? err.message : String(err),
      })
    } finally {
      setBusy(false)
    }
  }

  const unread = data?.unread ?? 0
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {data ? (unread === 0 ? 'All read.' : `${unread} unread.`) : ' '}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to={paths.settings.getHref('notifications')}>
              <Settings className="h-4 w-4" aria-hidden="true" /> Preferences
            </Link>
          </Button>
          <Button size="sm" disabled={unread === 0} onClick={() => setConfirming(true)}>
            <CheckCheck className="h-4 w-4" aria-hidden="true" /> Mark all read
          </Button>
        </div>
      </div>

      {error && !data ? (
        <LoadError
          title="Notifications could not be loaded"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : isLoading && !data ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading notifications">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : data && data.data.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title="No notifications yet"
          description="What happens to your bookings, loads, offers, messages and payouts shows up here."
        />
      ) : data ? (
        <>
          <ul className="space-y-3" aria-label="Notifications">
            {data.data.map((n) => (
              <li key={n.id}>
                <Card className={cn(!n.readAt && 'border-brand-300 bg-brand-50/40')}>
                  <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0 space-y-1">
                      <p className="flex flex-wrap items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-600">
                        <span>{KIND_LABELS[n.kind]}</span>
                        <span aria-hidden="true">·</span>
                        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
                        {n.readAt ? null : (
                          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-[11px] font-semibold normal-case text-brand-800">
                            New
                          </span>
                        )}
                      </p>
                      <p className="break-words font-semibold text-slate-900">
                        <a
                          href={n.link}
                          className="hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                          onClick={(event) => {
                            if (event.button !== 0 || event.metaKey || event.ctrlKey) return
                            event.preventDefault()
                            void open(n)
                          }}
                        >
                          {n.title}
                        </a>
                      </p>
                      <p className="break-words text-sm text-slate-700">{n.body}</p>
                    </div>
                    {n.readAt ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="shrink-0 self-start"
                        onClick={() => void readOne(n)}
                        aria-label={`Mark read: ${n.title}`}
                      >
                        Mark read
                      </Button>
                    )}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          {data.meta.lastPage > 1 ? (
            <Pager
              label="Notification pages"
              page={page}
              lastPage={data.meta.lastPage}
              total={data.meta.total}
              noun={['notification', 'notifications']}
              loading={isValidating}
              onPage={setPage}
            />
          ) : null}
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title="Mark every notification read?"
        description={`All ${unread} unread notifications will be marked read for everyone in your company. This cannot be undone.`}
        confirmLabel="Mark all read"
        busyLabel="Marking..."
        cancelLabel="Not now"
        confirmVariant="default"
        busy={busy}
        onConfirm={() => void readAll()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  )
}
