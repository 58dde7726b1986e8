import { Check, MapPin } from 'lucide-react'
import { BookingStatusBadge, bookingStatusLabel } from '@/components/ui/booking-status-badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCalendarDate, formatDateTime, formatMiles } from '@/lib/format'
import { cn } from '@/lib/utils'
import { PartnerRefs } from '@/features/shipper/components/partner-refs'
import {
  carrierDisplayName,
  useBookings,
  type ShipperBooking,
} from '@/features/shipper/api/get-bookings'
import { useBookingHistory, type StatusChange } from '@/lib/booking-history'
import {
  isActiveShipment,
  TRACKING_STEPS,
  trackingStep,
} from '@/features/shipper/utils/booking-status'

function place(city: string | null, state: string | null, fallback: string | null) {
  return [city, state].filter(Boolean).join(', ') || fallback || 'Unknown'
}

/** Booked → In Transit → Delivered, as a progress bar with labelled steps. */
export function TrackingProgress({ status }: { status: string | null }) {
  const reached = trackingStep(status)
  const percent = Math.round((reached / TRACKING_STEPS.length) * 100)
  const current = reached === 0 ? 'Awaiting payment' : TRACKING_STEPS[reached - 1]
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Shipment progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={current}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-all',
            status === 'delayed' ? 'bg-red-500' : 'bg-brand-500'
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="flex justify-between text-xs">
        {TRACKING_STEPS.map((step, i) => (
          <li
            key={step}
            className={cn(
              'flex items-center gap-1',
              i < reached ? 'font-semibold text-slate-900' : 'text-slate-500'
            )}
          >
            {i < reached ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : null}
            {step}
          </li>
        ))}
      </ol>
    </div>
  )
}

/**
 * Who made a change, as the shipper may know it: the carrier by the name the booking shows
 * (its anonymous label until payment, so the timeline never reveals more than the booking),
 * the platform and its staff as PalletLine, the shipper's own team by name.
 */
export function changedByLabel(change: StatusChange, carrierName: string) {
  const by = change.changedBy
  if (!by) return 'PalletLine'
  if (by.role === 'carrier') return carrierName
  if (by.role === 'admin') return 'PalletLine support'
  return by.name
}

/** The booking's status changes, oldest first, as a vertical timeline. */
export function StatusTimeline({
  bookingId,
  carrierName,
}: {
  bookingId: number
  carrierName: string
}) {
  const { data, error, isLoading, isValidating, mutate } = useBookingHistory(bookingId)
  if (isLoading) {
    return (
      <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading status history">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  }
  if (error) {
    return (
      <LoadError
        title="Could not load the status history"
        error={error}
        onRetry={() => void mutate()}
        retrying={isValidating}
      />
    )
  }
  if (!data || data.length === 0) {
    return <p className="text-sm text-slate-500">No status changes recorded yet.</p>
  }
  return (
    <ol className="relative ml-2 space-y-4 border-l border-slate-200" aria-label="Status history">
      {data.map((change, i) => {
        const latest = i === data.length - 1
        return (
          <li key={`${change.changedAt}-${i}`} className="relative pl-5">
            <span
              aria-hidden="true"
              className={cn(
                'absolute -left-[5px] top-1.5 h-2.5 w-2.5 rounded-full',
                latest ? 'bg-brand-500' : 'bg-slate-300'
              )}
            />
            <p className="text-sm font-medium text-slate-900">
              {bookingStatusLabel(change.toStatus)}
            </p>
            <p className="text-xs text-slate-500">
              <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time> ·{' '}
              {changedByLabel(change, carrierName)}
            </p>
            {change.note ? <p className="mt-1 text-xs text-slate-600">{change.note}</p> : null}
          </li>
        )
      })}
    </ol>
  )
}

function ShipmentTrackingCard({ booking }: { booking: ShipperBooking }) {
  return (
    <Card aria-label={`Tracking ${booking.reference}`} role="article">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">
            {booking.reference}{' '}
            <span className="font-normal text-slate-500">· {carrierDisplayName(booking)}</span>
          </CardTitle>
          <BookingStatusBadge status={booking.status || 'booked'} />
        </div>
        <CardDescription>
          {place(booking.pickupCity, booking.pickupState, booking.pickupAddress)} →{' '}
          {place(booking.deliveryCity, booking.deliveryState, booking.deliveryAddress)} ·{' '}
          {formatMiles(booking.distance)} · Pickup {formatCalendarDate(booking.pickupDate)} ·
          Delivery {formatCalendarDate(booking.deliveryDate)}
          <PartnerRefs booking={booking} />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <TrackingProgress status={booking.status} />
        <StatusTimeline bookingId={booking.id} carrierName={carrierDisplayName(booking)} />
      </CardContent>
    </Card>
  )
}

/** Tracking: every shipment still under way, with its progress and status history. */
export function TrackingSection() {
  const { data, error, isLoading, isValidating, mutate } = useBookings()
  const active = (data ?? [])
    .filter(isActiveShipment)
    .sort((a, b) => (a.pickupDate ?? '').localeCompare(b.pickupDate ?? ''))

  return (
    <section aria-labelledby="tracking-heading" className="space-y-6">
      <div>
        <h1 id="tracking-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Tracking
        </h1>
        <p className="mt-1 text-slate-600">
          Your active shipments and every status update from their carriers.
        </p>
      </div>
      {isLoading ? (
        <div
          className="grid grid-cols-1 gap-4 lg:grid-cols-2"
          role="status"
          aria-busy="true"
          aria-label="Loading shipments"
        >
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-64 w-full" />
          ))}
        </div>
      ) : error ? (
        <LoadError
          title="Could not load your shipments"
          error={error}
          onRetry={() => void mutate()}
          retrying={isValidating}
        />
      ) : active.length === 0 ? (
        <EmptyState
          icon={MapPin}
          title="No active shipments"
          description="Shipments you book appear here until they are completed or cancelled."
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {active.map((booking) => (
            <ShipmentTrackingCard key={booking.id} booking={booking} />
          ))}
        </div>
      )}
    </section>
  )
}
