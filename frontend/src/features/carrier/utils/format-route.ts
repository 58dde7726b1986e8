import { formatCityState } from '@/lib/format'

type RouteEnds = {
  pickupCity?: string | null
  pickupState?: string | null
  deliveryCity?: string | null
  deliveryState?: string | null
  pickupAddress?: string | null
  deliveryAddress?: string | null
}

/** `Chicago, IL → Detroit, MI`, falling back to the addresses when a city is unknown. */
export function formatRoute(ends: RouteEnds): string {
  const from = formatCityState(ends.pickupCity, ends.pickupState) || ends.pickupAddress || '—'
  const to = formatCityState(ends.deliveryCity, ends.deliveryState) || ends.deliveryAddress || '—'
  return `${from} → ${to}`
}

/** The route of a capacity listing (origin/destination instead of pickup/delivery). */
export function formatListingRoute(listing: {
  originCity: string | null
  originState: string | null
  destinationCity: string | null
  destinationState: string | null
  pickupAddress: string
  deliveryAddress: string
}): string {
  return formatRoute({
    pickupCity: listing.originCity,
    pickupState: listing.originState,
    deliveryCity: listing.destinationCity,
    deliveryState: listing.destinationState,
    pickupAddress: listing.pickupAddress,
    deliveryAddress: listing.deliveryAddress,
  })
}

/** `2021 Freightliner M2 106`, or the plate when make and model are unknown. */
export function formatTruckName(truck: {
  year: number | null
  make: string | null
  model: string | null
  licensePlate: string
}): string {
  const name = [truck.year, truck.make, truck.model].filter(Boolean).join(' ')
  return name || truck.licensePlate
}
