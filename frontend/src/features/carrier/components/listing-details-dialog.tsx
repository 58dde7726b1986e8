import type * as React from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import type { Listing } from '@/features/carrier/api/get-listings'
import { ListingStatusBadge } from '@/features/carrier/components/status-badges'
import { formatListingRoute, formatTruckName } from '@/features/carrier/utils/format-route'
import { TRUCK_TYPE_LABELS } from '@/features/carrier/utils/truck-form'
import { formatCalendarDate, formatCurrency, formatDate } from '@/lib/format'

const coords = (lat: number | null, lng: number | null) =>
  lat == null || lng == null ? 'Not located' : `${lat.toFixed(4)}, ${lng.toFixed(4)}`

/** Every field of one capacity listing. */
export function ListingDetailsDialog({
  listing,
  onClose,
}: {
  listing: Listing | null
  onClose: () => void
}) {
  const rows: [string, React.ReactNode][] = listing
    ? [
        ['Status', <ListingStatusBadge key="s" status={listing.status} />],
        [
          'Truck',
          listing.truck
            ? `${formatTruckName(listing.truck)} · ${listing.truck.licensePlate} · ${listing.truck.capacity} pallets${listing.truck.truckType ? ` · ${TRUCK_TYPE_LABELS[listing.truck.truckType]}` : ''}`
            : 'No truck',
        ],
        ['Pickup address', listing.pickupAddress],
        ['Pickup radius', `${listing.pickupRadius} miles`],
        ['Pickup location', coords(listing.pickupLatitude, listing.pickupLongitude)],
        ['Delivery address', listing.deliveryAddress],
        ['Delivery radius', `${listing.deliveryRadius} miles`],
        ['Delivery location', coords(listing.deliveryLatitude, listing.deliveryLongitude)],
        ['Rate/Mile/Pallet', formatCurrency(listing.ratePerMilePerPallet)],
        ['Max pallets', String(listing.maxPallets)],
        ['Booked pallets', String(listing.bookedPallets)],
        ['Available pallets', String(listing.availablePallets)],
        ['Available date', formatCalendarDate(listing.availableDate) || '—'],
        ['Created', formatDate(listing.createdAt)],
      ]
    : []

  return (
    <Dialog open={listing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Listing details</DialogTitle>
          <DialogDescription>{listing ? formatListingRoute(listing) : ''}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {label}
              </dt>
              <dd className="mt-0.5 text-sm text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  )
}
