import * as React from 'react'
import { useSWRConfig } from 'swr'
import { MapPinned, Search } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  getShipmentEvents,
  shipmentEventsKey,
  useShipmentEvents,
  type ShipmentEvent,
} from '@/features/tms/api/get-shipment-events'
import {
  getTrackedShipment,
  trackedShipmentKey,
  useTrackedShipment,
  type TrackedShipment,
} from '@/features/tms/api/get-tracked-shipment'
import { AlertRules } from '@/features/tms/components/alert-rules'
import { EventTimeline } from '@/features/tms/components/event-timeline'
import { NotificationsList } from '@/features/tms/components/notifications-list'
import { isApiError } from '@/lib/api-client'
import { formatCalendarDate, formatCityState } from '@/lib/format'
import { todayInTimeZone } from '@/lib/calendar-dates'

// The map (d3-geo, topojson and the US atlas) is its own chunk, loaded with this tab's first map.
const ShipmentMap = React.lazy(() => import('@/features/tms/components/shipment-map'))

/** docs/spec.md §2, Tracking tab: a shipment's milestones, its map, and the user's alerts. */
export function MilestoneTracking() {
  const { mutate } = useSWRConfig()
  const [input, setInput] = React.useState('')
  const [inputError, setInputError] = React.useState<string>()
  const [tracked, setTracked] = React.useState<string | null>(null)
  const [loading, setLoading] = React.useState(false)
  const [failure, setFailure] = React.useState<string | null>(null)
  const events = useShipmentEvents(tracked)
  const shipment = useTrackedShipment(tracked)

  const track = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const id = input.trim()
    if (!id) {
      setInputError('Enter a shipment ID (a booking number or TRT- reference)')
      return
    }
    if (loading) return
    setInputError(undefined)
    setFailure(null)
    setLoading(true)
    try {
      const [list] = await Promise.all([
        mutate<ShipmentEvent[]>(shipmentEventsKey(id), getShipmentEvents(id), {
          revalidate: false,
        }),
        // The map is a bonus: the timeline shows even when the route cannot be read.
        mutate<TrackedShipment | undefined>(
          trackedShipmentKey(id),
          getTrackedShipment(id).catch(() => undefined),
          { revalidate: false }
        ),
      ])
      setTracked(id)
      const count = list?.length ?? 0
      toast({ variant: 'success', title: 'Events Retrieved', description: `Found ${count} events` })
    } catch (error) {
      setTracked(null)
      setFailure(
        isApiError(error) && error.status === 404
          ? `No shipment ${id} that you can follow. Check the booking number or TRT- reference.`
          : 'The shipment events could not be fetched. Try again.'
      )
      toast({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to fetch shipment events',
      })
    } finally {
      setLoading(false)
    }
  }

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Track a shipment</CardTitle>
          <CardDescription>
            Its milestones from the carrier, partner feeds and devices, and where it was reported.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            aria-label="Track shipment"
            onSubmit={track}
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <TextField
              id="tms-shipment-id"
              label="Shipment ID"
              placeholder="TRT-042 or 42"
              autoComplete="off"
              value={input}
              onChange={(e) => setInput(e.target.value)}
              error={inputError}
              containerClassName="sm:w-72"
            />
            <Button type="submit" disabled={loading} className="sm:mt-6">
              <Search className="h-4 w-4" aria-hidden="true" />
              {loading ? 'Tracking...' : 'Track'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-label="Shipment tracking" aria-busy={loading}>
        {loading ? (
          <div className="grid gap-4 lg:grid-cols-2" aria-label="Loading shipment events">
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : failure ? (
          <Alert variant="error" title="Shipment not found">
            {failure}
          </Alert>
        ) : tracked && events.data ? (
          <TrackedView events={events.data} shipment={shipment.data} />
        ) : (
          <EmptyState
            icon={MapPinned}
            title="No shipment tracked yet"
            description="Enter a shipment ID, then Track, to see its timeline and map."
          />
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <AlertRules />
        <NotificationsList />
      </div>
    </div>
  )
}

/** The business time zone of the marketplace's calendar days (docs/decisions/0021). */
const BUSINESS_TIME_ZONE = 'America/New_York'

/**
 * The promised delivery day the estimate stands for: the server's estimated arrival is the end
 * of that day in business time, which a viewer west or east of it would read as another day
 * (a Nov 28 delivery shown as "Nov 29, 4:59 AM" in UTC) (docs/decisions/0189).
 */
function promisedDay(estimatedArrival: string): string {
  return todayInTimeZone(BUSINESS_TIME_ZONE, new Date(estimatedArrival))
}

function TrackedView({
  events,
  shipment,
}: {
  events: ShipmentEvent[]
  shipment: TrackedShipment | undefined
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {shipment ? shipment.reference : 'Timeline'}
            {shipment ? <BookingStatusBadge status={shipment.status} /> : null}
          </CardTitle>
          {shipment ? (
            <CardDescription>
              {formatCityState(shipment.origin.city, shipment.origin.state) || 'Origin'} →{' '}
              {formatCityState(shipment.destination.city, shipment.destination.state) ||
                'Destination'}
              {shipment.estimatedArrival
                ? ` · Due by the end of ${formatCalendarDate(promisedDay(shipment.estimatedArrival))}`
                : ''}
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {events.length === 0 ? (
            <EmptyState
              icon={MapPinned}
              title="No events yet"
              description="Milestones appear here once the carrier or a feed reports them."
            />
          ) : (
            <EventTimeline events={events} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Route map</CardTitle>
        </CardHeader>
        <CardContent>
          {shipment ? (
            <React.Suspense
              fallback={<Skeleton className="aspect-[975/610] w-full" aria-label="Loading map" />}
            >
              <ShipmentMap shipment={shipment} />
            </React.Suspense>
          ) : (
            <p className="text-sm text-slate-600">The route of this shipment is not available.</p>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
