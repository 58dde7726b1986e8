import { ListChecks } from 'lucide-react'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useAdminDashboard } from '@/features/admin/api/get-admin-dashboard'
import { formatCityState, formatCurrency, formatDate } from '@/lib/format'

/** Recent Bookings: the five newest bookings on the platform. */
export function RecentBookings() {
  const { data, error, isLoading, isValidating, mutate } = useAdminDashboard()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Bookings</CardTitle>
        <CardDescription>The five most recent bookings on the platform.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading recent bookings">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : error && !data ? (
          <LoadError
            title="Could not load recent bookings"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !data || data.recentBookings.length === 0 ? (
          <EmptyState
            icon={ListChecks}
            title="No bookings yet"
            description="New bookings will be listed here with their TRT- reference, route, status and amount."
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Recent bookings">
            {data.recentBookings.slice(0, 5).map((b) => (
              <li key={b.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{b.reference}</span>
                    <BookingStatusBadge status={b.status} />
                  </div>
                  <p className="text-sm text-slate-600">
                    {formatCityState(b.pickupCity, b.pickupState) || '—'} →{' '}
                    {formatCityState(b.deliveryCity, b.deliveryState) || '—'}
                  </p>
                  <p className="text-xs text-slate-500">
                    {[
                      b.shipperName && `Shipper ${b.shipperName}`,
                      b.carrierName && `Carrier ${b.carrierName}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="shrink-0 text-right">
                  <p className="font-semibold text-slate-900">
                    {b.totalAmount == null ? '—' : formatCurrency(b.totalAmount)}
                  </p>
                  <p className="text-xs text-slate-500">{formatDate(b.createdAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
