import { MapPin } from 'lucide-react'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { StatCard } from '@/components/ui/stat-card'
import {
  useCarrierBookings,
  type CarrierBooking,
} from '@/features/carrier/api/get-carrier-bookings'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { formatRoute } from '@/features/carrier/utils/format-route'
import { formatCalendarDate, formatCount, formatMiles } from '@/lib/format'

const BOARD: { label: string; statuses: string[] }[] = [
  { label: 'Booked/Confirmed', statuses: ['booked', 'confirmed'] },
  { label: 'In Transit', statuses: ['in_transit'] },
  { label: 'Delayed', statuses: ['delayed'] },
  { label: 'Delivered', statuses: ['delivered'] },
]

const ACTIVE = new Set(['in_transit', 'delayed'])

function ActiveShipment({ booking }: { booking: CarrierBooking }) {
  return (
    <li
      aria-label={booking.reference}
      className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{booking.reference}</span>
          <BookingStatusBadge status={booking.status} />
        </div>
        <p className="text-sm text-slate-700">{formatRoute(booking)}</p>
        <p className="text-xs text-slate-500">
          {booking.distance == null ? 'Distance unknown' : formatMiles(booking.distance)} ·{' '}
          {booking.numberOfPallets} {booking.numberOfPallets === 1 ? 'pallet' : 'pallets'}
        </p>
      </div>
      <div className="shrink-0 text-sm sm:text-right">
        <p className="text-slate-500">Expected delivery</p>
        <p className="font-medium text-slate-900">
          {formatCalendarDate(booking.expectedDeliveryDate) || '—'}
        </p>
      </div>
    </li>
  )
}

/** Tracking: shipments on the road (in transit or delayed) and a count per status. */
export function CarrierTracking() {
  const { data, error, isLoading, isValidating, mutate } = useCarrierBookings()
  const active = data?.filter((b) => ACTIVE.has(b.status)) ?? []

  return (
    <div className="space-y-6">
      <SectionHeader title="Tracking" description="Shipments currently on the road." />
      {isLoading ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading shipments">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : error && !data ? (
        <LoadError
          title="Could not load your shipments"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {BOARD.map(({ label, statuses }) => (
              <StatCard
                key={label}
                label={label}
                value={formatCount(data?.filter((b) => statuses.includes(b.status)).length)}
              />
            ))}
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Active Shipments</CardTitle>
              <CardDescription>
                In transit or delayed. Expected delivery is the booked delivery date, or the pickup
                date plus one day per 500 road miles.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {active.length === 0 ? (
                <EmptyState
                  icon={MapPin}
                  title="No active shipments"
                  description="Bookings you mark in transit appear here until they are delivered."
                />
              ) : (
                <ul className="divide-y divide-slate-100" aria-label="Active shipments">
                  {active.map((b) => (
                    <ActiveShipment key={b.id} booking={b} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  )
}
