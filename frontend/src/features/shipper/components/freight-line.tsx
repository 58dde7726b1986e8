import type { ShipperBooking } from '@/features/shipper/api/get-bookings'
import { hazmatLine } from '@/lib/freight-details'

/**
 * A booking's declared freight in one line (docs/decisions/0257): its NMFC class and density,
 * commodity, and the hazmat entry. Nothing for a booking that declared none.
 */
export function FreightLine({ booking }: { booking: Pick<ShipperBooking, 'freight'> }) {
  const freight = booking.freight
  if (!freight) return null
  const hazmat = hazmatLine(freight.hazmat)
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
      <span>
        Class <strong className="font-semibold text-slate-800">{freight.freightClass}</strong> (
        {freight.densityPcf} lb/cu ft)
      </span>
      {freight.commodity ? <span>{freight.commodity}</span> : null}
      {hazmat ? <span className="font-medium text-amber-800">Hazmat {hazmat}</span> : null}
    </span>
  )
}
