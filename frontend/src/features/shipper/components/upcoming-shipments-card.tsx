import { CalendarClock } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate, formatCurrency } from '@/lib/format'
import { useDashboardMetrics } from '@/features/shipper/api/get-dashboard-metrics'
import { StatusBadge } from '@/features/shipper/components/booking-badges'
import { LoadError } from '@/components/ui/load-error'

/** The shipper's next pickups (server: not cancelled, not delivered, from today, soonest first). */
export function UpcomingShipmentsCard() {
  const { data, error, isLoading, isValidating, mutate } = useDashboardMetrics()

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <CalendarClock className="h-5 w-5 text-brand-500" aria-hidden="true" />
            Upcoming Shipments
          </span>
        </CardTitle>
        <CardDescription>Your next scheduled pickups.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div
            className="space-y-3"
            role="status"
            aria-busy="true"
            aria-label="Loading upcoming shipments"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : error ? (
          <LoadError
            title="Could not load upcoming shipments"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !data || data.upcoming.length === 0 ? (
          <EmptyState
            icon={CalendarClock}
            title="No upcoming shipments"
            description="Search for a carrier below and book to schedule your next pickup."
            className="py-8"
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Upcoming shipments">
            {data.upcoming.map((s) => (
              <li key={s.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-0.5">
                  <p className="text-sm font-semibold text-slate-900">
                    {s.reference}{' '}
                    <span className="font-normal text-slate-500">· {s.carrier_name}</span>
                  </p>
                  {/* Both places in full: they wrap on a phone rather than trail off. */}
                  <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                    {s.pickup_address} → {s.delivery_address}
                  </p>
                  <p className="text-xs text-slate-500">
                    Pickup {formatCalendarDate(s.pickup_date)} · {s.num_pallets} pallet
                    {s.num_pallets === 1 ? '' : 's'}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <StatusBadge status={s.status} />
                  <span className="text-sm font-medium text-slate-900">
                    {formatCurrency(s.totalAmount)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
