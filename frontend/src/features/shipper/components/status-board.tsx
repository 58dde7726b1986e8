import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatCalendarDate } from '@/lib/format'
import { carrierDisplayName, type ShipperBooking } from '@/features/shipper/api/get-bookings'
import { groupForStatusBoard, type BoardColumnId } from '@/features/shipper/utils/status-board'
import { cn } from '@/lib/utils'

const ACCENTS: Record<BoardColumnId, string> = {
  booked: 'border-t-sky-500',
  in_transit: 'border-t-brand-500',
  delayed: 'border-t-red-500',
  delivered: 'border-t-emerald-500',
}

function city(name: string | null, state: string | null, fallback: string | null) {
  return [name, state].filter(Boolean).join(', ') || fallback || 'Unknown'
}

/** 'Shipment Status Overview': four columns, at most three cards each, then '+N more'. */
export function StatusBoard({ bookings }: { bookings: ShipperBooking[] }) {
  const columns = groupForStatusBoard(bookings)
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="status-board-heading">Shipment Status Overview</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4"
          aria-labelledby="status-board-heading"
        >
          {columns.map((column) => (
            <section
              key={column.id}
              aria-label={column.title}
              className={cn(
                'rounded-lg border border-t-4 border-slate-200 bg-slate-50 p-3',
                ACCENTS[column.id]
              )}
            >
              <h3 className="mb-3 flex items-center justify-between text-sm font-semibold text-slate-900">
                {column.title}
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600">
                  {column.total}
                </span>
              </h3>
              {column.total === 0 ? (
                <p className="text-xs text-slate-500">No shipments</p>
              ) : (
                <ul className="space-y-2">
                  {column.shown.map((b) => (
                    <li
                      key={b.id}
                      className="rounded-md border border-slate-200 bg-white p-2.5 text-xs shadow-sm"
                    >
                      <p className="font-semibold text-slate-900">#{b.id}</p>
                      <p className="truncate text-slate-500">{carrierDisplayName(b)}</p>
                      <p className="text-slate-600">
                        {city(b.pickupCity, b.pickupState, b.pickupAddress)} →{' '}
                        {city(b.deliveryCity, b.deliveryState, b.deliveryAddress)}
                      </p>
                      <p className="text-slate-500">
                        {b.numberOfPallets} pallet{b.numberOfPallets === 1 ? '' : 's'} · Pickup{' '}
                        {formatCalendarDate(b.pickupDate)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              {column.more > 0 ? (
                <p className="mt-2 text-center text-xs font-medium text-slate-600">
                  +{column.more} more
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </CardContent>
    </Card>
  )
}
