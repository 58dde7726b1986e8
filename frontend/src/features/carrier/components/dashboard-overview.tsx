import { Link } from 'react-router-dom'
import {
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  CheckCircle2,
  DollarSign,
  Gauge,
  List,
  Minus,
  Route,
  Truck,
} from 'lucide-react'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { StatCard, StatCardSkeleton } from '@/components/ui/stat-card'
import { paths } from '@/config/paths'
import {
  useCarrierDashboard,
  type CarrierDashboard,
  type TopRoute,
} from '@/features/carrier/api/get-carrier-dashboard'
import { MonthlyEarningsCard } from '@/features/carrier/components/monthly-earnings-card'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { ListingStatusBadge } from '@/features/carrier/components/status-badges'
import { formatListingRoute, formatRoute } from '@/features/carrier/utils/format-route'
import {
  formatCalendarDate,
  formatCount,
  formatCurrency,
  formatDate,
  formatMiles,
  formatPercent,
} from '@/lib/format'

function Stats({ stats }: { stats: CarrierDashboard['stats'] }) {
  const rate = stats.averageRatePerMilePerPallet
  const acceptance = stats.acceptanceRate
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Monthly Earnings"
        icon={DollarSign}
        value={formatCurrency(stats.monthlyEarnings)}
        detail={`Delivered in ${stats.monthLabel}`}
      />
      <StatCard
        label="Completed Loads"
        icon={CheckCircle2}
        value={formatCount(stats.completedLoads)}
        detail="Delivered bookings, all time"
      />
      <StatCard
        label="Avg Rate/Mile/Pallet"
        icon={Gauge}
        value={rate == null ? '—' : formatCurrency(rate)}
        detail={
          rate == null ? 'No bookings yet to average' : 'Mean rate of your non-cancelled bookings'
        }
      />
      <StatCard
        label="Acceptance Rate"
        icon={Route}
        value={acceptance == null ? '—' : formatPercent(acceptance)}
        detail={
          acceptance == null
            ? 'No paid bookings decided yet'
            : `${formatCount(stats.acceptedBookings)} accepted of ${formatCount(stats.decidedBookings)} decided`
        }
      />
    </div>
  )
}

function RecentBookings({ bookings }: { bookings: CarrierDashboard['recentBookings'] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>Recent Bookings</CardTitle>
          <CardDescription>Your three newest bookings.</CardDescription>
        </div>
        <Link
          to={paths.carrier.getHref('bookings')}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          View all bookings <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <EmptyState
            title="No bookings yet"
            description="Bookings made on your listings will appear here."
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Recent bookings">
            {bookings.slice(0, 3).map((b) => (
              <li key={b.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium text-slate-900">{b.reference}</span>
                    <BookingStatusBadge status={b.status} />
                  </div>
                  <p className="text-sm text-slate-600">{formatRoute(b)}</p>
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

function RecentListings({ listings }: { listings: CarrierDashboard['listings'] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>My Listings</CardTitle>
          <CardDescription>Your three newest capacity listings.</CardDescription>
        </div>
        {listings.length > 0 ? (
          <Link
            to={paths.carrier.getHref('listings')}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            View all listings <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {listings.length === 0 ? (
          <EmptyState
            icon={List}
            title="No listings yet"
            description="Create your first listing to get started"
            action={
              <Link
                to={paths.carrier.getHref('listings')}
                className="text-sm font-medium text-brand-700 hover:underline"
              >
                Go to My Listings
              </Link>
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Recent listings">
            {listings.slice(0, 3).map((l) => (
              <li key={l.id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium text-slate-900">{formatListingRoute(l)}</p>
                  <p className="text-sm text-slate-600">
                    {formatCurrency(l.ratePerMilePerPallet)}/mile/pallet · {l.availablePallets} of{' '}
                    {l.maxPallets} pallets open · {formatCalendarDate(l.availableDate)}
                  </p>
                </div>
                <ListingStatusBadge status={l.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function FleetPanel({ fleet }: { fleet: CarrierDashboard['fleet'] }) {
  const rows = [
    ['Available', fleet.available, 'bg-emerald-500'],
    ['In Use', fleet.inUse, 'bg-sky-500'],
    ['Maintenance', fleet.maintenance, 'bg-amber-500'],
  ] as const
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>My Trucks</CardTitle>
          <CardDescription>
            {fleet.total === 1 ? '1 truck' : `${formatCount(fleet.total)} trucks`} in your fleet.
          </CardDescription>
        </div>
        <Link
          to={paths.carrier.getHref('trucks')}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          Manage <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent>
        {fleet.total === 0 ? (
          <EmptyState
            icon={Truck}
            title="No trucks in your fleet"
            description="Add a truck before you post capacity."
          />
        ) : (
          <dl className="space-y-3" aria-label="Fleet by status">
            {rows.map(([label, count, colour]) => (
              <div key={label} className="flex flex-wrap items-center justify-between text-sm">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{formatCount(count)}</dd>
                <dd className="mt-1 h-2 w-full rounded-full bg-slate-100" aria-hidden="true">
                  <div
                    className={`h-2 rounded-full ${colour}`}
                    style={{ width: `${fleet.total ? (count / fleet.total) * 100 : 0}%` }}
                  />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  )
}

function Growth({ route }: { route: TopRoute }) {
  if (route.growthPct == null)
    return (
      <Badge variant="info" className="normal-case">
        new lane
      </Badge>
    )
  const pct = `${Math.abs(route.growthPct).toFixed(1)}%`
  if (route.growthPct > 0)
    return (
      <span className="inline-flex items-center gap-0.5 text-sm font-medium text-emerald-700">
        <ArrowUpRight className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">up</span> {pct}
      </span>
    )
  if (route.growthPct < 0)
    return (
      <span className="inline-flex items-center gap-0.5 text-sm font-medium text-red-700">
        <ArrowDownRight className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">down</span> {pct}
      </span>
    )
  return (
    <span className="inline-flex items-center gap-0.5 text-sm font-medium text-slate-600">
      <Minus className="h-4 w-4" aria-hidden="true" /> 0.0%
    </span>
  )
}

function TopRoutes({ routes }: { routes: TopRoute[] }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Top Routes</CardTitle>
        <CardDescription>
          Your busiest lanes of the last 90 days by total, against the 90 days before.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {routes.length === 0 ? (
          <EmptyState
            icon={Route}
            title="No routes yet"
            description="Lanes you carried bookings on in the last 90 days will be ranked here."
          />
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Top routes">
            {routes.slice(0, 3).map((r) => (
              <li
                key={r.lane}
                className="grid grid-cols-1 gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{r.lane}</p>
                  <p className="text-sm text-slate-600">
                    {[
                      r.bookings === 1 ? '1 booking' : `${formatCount(r.bookings)} bookings`,
                      r.averageDistance == null ? null : `avg ${formatMiles(r.averageDistance)}`,
                      r.averageRate == null
                        ? null
                        : `avg ${formatCurrency(r.averageRate)}/mile/pallet`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex items-center gap-3 sm:justify-end">
                  <span className="font-semibold text-slate-900">
                    {formatCurrency(r.totalAmount)}
                  </span>
                  <Growth route={r} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function PanelSkeleton() {
  return (
    <Card className="space-y-4 p-6">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </Card>
  )
}

/** Carrier Dashboard: the figures, recent work and earnings of the signed-in carrier. */
export function DashboardOverview() {
  const { data, error, isLoading, isValidating, mutate } = useCarrierDashboard()

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Carrier Dashboard"
        description="An overview of your bookings, listings, fleet and earnings."
      />
      {error && !data ? (
        <LoadError
          title="Could not load your dashboard"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : isLoading || !data ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading dashboard">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <StatCardSkeleton key={i} />
            ))}
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <PanelSkeleton />
            <PanelSkeleton />
          </div>
          <MonthlyEarningsCard months={undefined} />
        </div>
      ) : (
        <>
          <Stats stats={data.stats} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentBookings bookings={data.recentBookings} />
            <RecentListings listings={data.listings} />
          </div>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <FleetPanel fleet={data.fleet} />
            <TopRoutes routes={data.topRoutes} />
          </div>
          <MonthlyEarningsCard months={data.monthlyEarnings} />
        </>
      )}
    </div>
  )
}
