import * as React from 'react'
import { ChevronRight, ClipboardList, MapPin, Flag, Zap } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { BookingStatusBadge, bookingStatusLabel } from '@/components/ui/booking-status-badge'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Link } from '@/components/ui/link'
import { paths } from '@/config/paths'
import { toast } from '@/components/ui/use-toast'
import { formatCalendarDate, formatDateTime, formatStatus } from '@/lib/format'
import { serverMessage } from '@/lib/api-errors'
import {
  useDriverWork,
  useReportWork,
  type DriverWorkItem,
  type WorkStop,
} from '@/features/driver/api/driver-work'

const GROUPS = [
  { due: 'overdue', title: 'Overdue', tone: 'border-l-red-600' },
  { due: 'today', title: 'Today', tone: 'border-l-blue-600' },
  { due: 'upcoming', title: 'Upcoming', tone: 'border-l-slate-300' },
] as const

/** What each reportable step is called on its button. */
function actionLabel(item: DriverWorkItem, action: string) {
  if (item.kind === 'expedited') return action === 'pickup' ? 'Picked up' : 'Delivered'
  if (item.kind === 'drayage') return action === 'gate-out' ? 'Gated out' : 'Empty returned'
  return bookingStatusLabel(action)
}

/** The stop's address, and its city line when the address does not already name the city. */
function place(stop: WorkStop) {
  const cityLine = [stop.city, [stop.state, stop.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  if (!stop.address) return { street: null, cityLine }
  const named = stop.city ? stop.address.toLowerCase().includes(stop.city.toLowerCase()) : false
  return { street: stop.address, cityLine: named ? '' : cityLine }
}

function when(stop: WorkStop, deadline: boolean) {
  const parts: string[] = []
  if (stop.date) parts.push(formatCalendarDate(stop.date))
  if (stop.windowStart && stop.windowEnd) {
    parts.push(`${formatDateTime(stop.windowStart)} – ${formatDateTime(stop.windowEnd)}`)
  } else if (stop.windowEnd) {
    parts.push(`${deadline ? 'by' : 'until'} ${formatDateTime(stop.windowEnd)}`)
  }
  return parts.join(' · ') || 'No date set'
}

function Stop({
  label,
  stop,
  next,
  deadline,
}: {
  label: string
  stop: WorkStop
  next: boolean
  deadline: boolean
}) {
  const { street, cityLine } = place(stop)
  const Icon = label === 'Delivery' ? Flag : MapPin
  return (
    <div className="flex gap-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {label}
          {next ? <span className="ml-2 normal-case text-blue-700">Next stop</span> : null}
        </p>
        {street ? <p className="break-words text-sm font-medium text-slate-900">{street}</p> : null}
        {cityLine || !street ? <p className="text-sm text-slate-800">{cityLine || '—'}</p> : null}
        <p className="text-sm text-slate-600">{when(stop, deadline)}</p>
      </div>
    </div>
  )
}

function WorkCard({ item }: { item: DriverWorkItem }) {
  const report = useReportWork()
  const [busy, setBusy] = React.useState<string | null>(null)
  const onReport = async (action: string) => {
    setBusy(action)
    try {
      await report(item, action)
      toast({
        variant: 'success',
        title: 'Status reported',
        description: `${item.reference}: ${actionLabel(item, action)}`,
      })
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Not reported',
        description: serverMessage(error, 'The status could not be reported'),
      })
    } finally {
      setBusy(null)
    }
  }
  const titleId = `work-${item.kind}-${item.id}`
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={`space-y-4 border-l-4 p-4 ${GROUPS.find((g) => g.due === item.due)?.tone ?? ''}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold">
          {item.kind === 'expedited' ? (
            <Zap className="h-4 w-4 text-amber-600" aria-label="Expedited" />
          ) : null}
          {item.reference}
        </h3>
        {item.kind === 'booking' ? (
          <BookingStatusBadge status={item.status} />
        ) : (
          <Badge variant="warning">{formatStatus(item.status)}</Badge>
        )}
      </div>
      <p className="text-sm text-slate-600">
        {item.kind === 'drayage'
          ? 'Container move'
          : `${item.pallets} ${item.pallets === 1 ? 'pallet' : 'pallets'}`}
      </p>
      <div className="space-y-3">
        <Stop
          label={item.kind === 'drayage' ? 'Terminal' : 'Pickup'}
          stop={item.pickup}
          next={item.nextStop === 'pickup'}
          deadline={false}
        />
        <Stop
          label="Delivery"
          stop={item.delivery}
          next={item.nextStop === 'delivery'}
          deadline={item.kind === 'expedited'}
        />
      </div>
      {item.actions.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Report ${item.reference}`}>
          {item.actions.map((action) =>
            item.kind === 'expedited' && action === 'deliver' ? (
              // Delivered only by the signed step with its POD (docs/decisions/0264).
              <Button key={action} asChild className="min-h-11 flex-1">
                <Link
                  to={paths.driveExpedited.getHref(item.id)}
                  aria-label={`Record delivery of ${item.reference}`}
                >
                  Record delivery
                </Link>
              </Button>
            ) : (
              <Button
                key={action}
                className="min-h-11 flex-1"
                variant={action === 'delayed' ? 'outline' : 'default'}
                disabled={busy !== null}
                onClick={() => void onReport(action)}
              >
                {busy === action ? 'Reporting...' : actionLabel(item, action)}
              </Button>
            )
          )}
        </div>
      ) : null}
      {item.kind === 'booking' || item.kind === 'expedited' ? (
        // The stop by stop steps and proof of delivery (decisions 0243 and 0263).
        <Link
          to={
            item.kind === 'booking'
              ? paths.driveBooking.getHref(item.id)
              : paths.driveExpedited.getHref(item.id)
          }
          className="flex min-h-11 items-center justify-between rounded-md border border-slate-200 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          Open stops and proof of delivery
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      ) : null}
      {item.blockedReason ? (
        <p className="text-sm text-amber-800">{item.blockedReason}</p>
      ) : item.actions.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing to report on it now.</p>
      ) : null}
    </Card>
  )
}

/**
 * The driver's phone view (decision 0237): the bookings, expedited jobs and drayage moves (0246) assigned to the
 * signed-in driver, overdue and today's stops first (the server's business day), then upcoming
 * ones, each with its stops, windows and the status steps open now.
 */
export function DriverWorkPage() {
  const query = useDriverWork()
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My Work</h1>
        <p className="text-sm text-slate-600">
          {query.data
            ? `Today is ${formatCalendarDate(query.data.today)}. The work assigned to you, most urgent first.`
            : 'The work assigned to you, most urgent first.'}
        </p>
      </div>
      <LoadStates
        query={{
          ...query,
          data: query.data && query.data.items.length > 0 ? query.data : undefined,
          isLoading: query.isLoading,
        }}
        loadingLabel="Loading your work"
        errorTitle="Your work could not be loaded"
        empty={{
          icon: ClipboardList,
          title: 'No work assigned to you',
          description:
            'When your dispatcher assigns you a booking, an expedited job or a drayage move, it appears here at once.',
        }}
      >
        {(work) => (
          <div className="space-y-8">
            {GROUPS.map((group) => {
              const items = work.items.filter((item) => item.due === group.due)
              if (items.length === 0) return null
              return (
                <section key={group.due} aria-labelledby={`due-${group.due}`} className="space-y-3">
                  <h2 id={`due-${group.due}`} className="text-lg font-semibold text-slate-900">
                    {group.title} <span className="text-slate-500">({items.length})</span>
                  </h2>
                  {items.map((item) => (
                    <WorkCard key={`${item.kind}-${item.id}`} item={item} />
                  ))}
                </section>
              )
            })}
          </div>
        )}
      </LoadStates>
    </main>
  )
}
