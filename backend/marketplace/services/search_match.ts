import { EARTH_RADIUS_MILES, withinRadius, type LatLng } from '#core/geo'

/**
 * The match predicate of carrier search (docs/decisions/0025): whether a capacity listing can
 * carry a shipment. Pure; the search query prefilters with the same rules and an indexed
 * bounding box, and booking re-checks every rule against the locked listing row.
 */

/** The largest pickup or delivery radius a listing may have, in miles (the listing form's cap). */
export const MAX_LISTING_RADIUS_MILES = 500

export type ListingFacts = {
  status: string
  carrierApproved: boolean
  pickup: LatLng
  pickupRadius: number
  delivery: LatLng
  deliveryRadius: number
  /** `YYYY-MM-DD`; null means available now */
  availableDate: string | null
  maxPallets: number
  /** pallets of the listing's non-cancelled bookings */
  bookedPallets: number
}

export type Shipment = {
  pickup: LatLng
  delivery: LatLng
  pallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
}

export type MatchFailure =
  | 'inactive'
  | 'carrier_not_approved'
  | 'pickup_out_of_radius'
  | 'delivery_out_of_radius'
  | 'not_yet_available'
  | 'not_enough_capacity'

export type MatchResult = { ok: true } | { ok: false; reason: MatchFailure }

export function availablePallets(listing: Pick<ListingFacts, 'maxPallets' | 'bookedPallets'>) {
  return Math.max(0, listing.maxPallets - listing.bookedPallets)
}

export function matchShipment(listing: ListingFacts, shipment: Shipment): MatchResult {
  if (listing.status !== 'active') return { ok: false, reason: 'inactive' }
  if (!listing.carrierApproved) return { ok: false, reason: 'carrier_not_approved' }
  if (!withinRadius(listing.pickup, shipment.pickup, listing.pickupRadius)) {
    return { ok: false, reason: 'pickup_out_of_radius' }
  }
  if (!withinRadius(listing.delivery, shipment.delivery, listing.deliveryRadius)) {
    return { ok: false, reason: 'delivery_out_of_radius' }
  }
  // Dates are `YYYY-MM-DD`, so text order is date order.
  if (listing.availableDate !== null && listing.availableDate > shipment.pickupDate) {
    return { ok: false, reason: 'not_yet_available' }
  }
  if (availablePallets(listing) < shipment.pallets) {
    return { ok: false, reason: 'not_enough_capacity' }
  }
  return { ok: true }
}

/**
 * Degrees of longitude per mile that a point within `maxMiles` of a point at `latitude` can
 * differ by at most, per mile of distance: |Δlng| ≤ miles × this. Null when a circle that
 * wide reaches a pole (no bound). Lets the database drop listings outside their own radius
 * before the exact check, with a bound that is never too tight:
 * |Δλ| ≤ asin(sin(d/R) / cos φ) ≤ (d/R / cos φ) × asin(y)/y with y = maxMiles/R / cos φ,
 * since asin(y)/y grows with y.
 */
export function longitudeDegreesPerMile(latitude: number, maxMiles: number): number | null {
  const cosLat = Math.cos((latitude * Math.PI) / 180)
  const y = maxMiles / EARTH_RADIUS_MILES / cosLat
  if (!(cosLat > 0) || y >= 1) return null
  const perMileRadians = (1 / (EARTH_RADIUS_MILES * cosLat)) * (Math.asin(y) / y)
  return (perMileRadians * 180) / Math.PI
}
