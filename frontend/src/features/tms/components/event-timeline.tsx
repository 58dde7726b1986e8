import type { ShipmentEvent } from '@/features/tms/api/get-shipment-events'
import { eventLook } from '@/features/tms/utils/event-looks'
import { formatCityState, formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'

/** The shipment's milestones, oldest first, each type in its own look; times in the viewer's zone. */
export function EventTimeline({ events }: { events: ShipmentEvent[] }) {
  return (
    <ol
      aria-label="Shipment timeline"
      className="relative space-y-4 border-l-2 border-slate-200 pl-6"
    >
      {events.map((event) => {
        const look = eventLook(event.eventType)
        const Icon = look.icon
        const place = event.location
          ? formatCityState(event.location.city, event.location.state)
          : ''
        return (
          <li
            key={event.id}
            data-event-type={event.eventType}
            data-look={look.look}
            className="relative"
          >
            <span
              className={cn(
                'absolute -left-[2.35rem] flex h-7 w-7 items-center justify-center rounded-full ring-2',
                look.dot
              )}
              aria-hidden="true"
            >
              <Icon className="h-4 w-4" />
            </span>
            <p className="font-medium text-slate-900">{look.label}</p>
            <p className="text-sm text-slate-600">
              <time dateTime={event.eventTime}>{formatDateTime(event.eventTime)}</time>
              {place ? ` · ${place}` : ''}
            </p>
            {event.description ? (
              <p className="text-sm text-slate-700">{event.description}</p>
            ) : null}
          </li>
        )
      })}
    </ol>
  )
}
