import { ExternalLink } from 'lucide-react'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'

/**
 * A partner booking's references (docs/decisions/0082): its PRO number, pickup confirmation and
 * a link to follow it on the partner's own site. Nothing for the network's bookings.
 */
export function PartnerRefs({
  booking,
}: {
  booking: Pick<ShipperBooking, 'partner' | 'reference'>
}) {
  const partner = booking.partner
  if (!partner) return null
  return (
    <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
      <span>Partner carrier</span>
      {partner.proNumber ? <span>PRO {partner.proNumber}</span> : null}
      {partner.confirmationNumber ? <span>Pickup conf. {partner.confirmationNumber}</span> : null}
      {partner.trackingUrl ? (
        <a
          href={partner.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={`Track ${booking.reference} on ${partner.carrier}'s site (opens a new tab)`}
        >
          Track on partner site
          <ExternalLink className="h-3 w-3" aria-hidden="true" />
        </a>
      ) : null}
    </span>
  )
}
