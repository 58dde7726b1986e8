import { BarChart3, DollarSign, Gauge, Users } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadError } from '@/components/ui/load-error'
import { StatCard, StatCardSkeleton } from '@/components/ui/stat-card'
import { useAnalyticsOverview } from '@/features/admin/api/get-analytics-overview'
import { formatCount, formatCurrency } from '@/lib/format'

/** Platform Analytics: revenue, average rate, active shippers and bookings across the marketplace. */
export function PlatformAnalytics() {
  const { data, error, isLoading, isValidating, mutate } = useAnalyticsOverview(1)
  return (
    <Card id="analytics" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Platform Analytics</CardTitle>
        <CardDescription>Revenue, bookings and activity across the marketplace.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div
            className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
            role="status"
            aria-busy="true"
            aria-label="Loading analytics"
          >
            {[0, 1, 2, 3].map((i) => (
              <StatCardSkeleton key={i} />
            ))}
          </div>
        ) : error && !data ? (
          <LoadError
            title="Could not load platform analytics"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Total Revenue"
              icon={DollarSign}
              value={formatCurrency(data.totalRevenue)}
              detail="Totals of all non-cancelled bookings"
            />
            <StatCard
              label="Average Rate"
              icon={Gauge}
              value={data.averageRate == null ? '—' : formatCurrency(data.averageRate)}
              detail={data.averageRate == null ? 'No bookings to average yet' : 'Per pallet-mile'}
            />
            <StatCard
              label="Active Shippers"
              icon={Users}
              value={formatCount(data.activeShippers)}
              detail="Booked in the last 30 days"
            />
            <StatCard
              label="Bookings (not cancelled)"
              icon={BarChart3}
              value={formatCount(data.totalBookings)}
              detail="Cancelled bookings are not counted"
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}
