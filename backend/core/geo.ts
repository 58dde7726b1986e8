/**
 * Geo math shared by search, pricing and every distance shown. Distance on the road is
 * estimated from coordinates: great-circle miles times a circuity factor (roads are not
 * straight; 1.2 is the usual US average), rounded to a tenth of a mile. docs/decisions/0004.
 */

export type LatLng = { latitude: number; longitude: number }

export const EARTH_RADIUS_MILES = 3958.8
export const CIRCUITY_FACTOR = 1.2

const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle (haversine) distance in miles. */
export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Estimated road miles between two points, to 0.1 mile: the one distance used everywhere. */
export function roadMiles(a: LatLng, b: LatLng): number {
  return Math.round(greatCircleMiles(a, b) * CIRCUITY_FACTOR * 10) / 10
}

/** True when `point` lies within `radiusMiles` (straight line) of `center`. */
export function withinRadius(center: LatLng, point: LatLng, radiusMiles: number): boolean {
  return greatCircleMiles(center, point) <= radiusMiles
}

/**
 * A latitude/longitude box that contains every point within `radiusMiles` of `center`: the
 * indexed prefilter before the exact radius check.
 */
export function boundingBox(center: LatLng, radiusMiles: number) {
  const angular = radiusMiles / EARTH_RADIUS_MILES
  const dLat = angular * (180 / Math.PI)
  // Widest longitude reached on the circle: asin(sin(d) / cos(lat)) (exact, unlike d / cos(lat)).
  const ratio = Math.sin(angular) / Math.cos(rad(center.latitude))
  const dLng = ratio >= 1 || !Number.isFinite(ratio) ? 180 : Math.asin(ratio) * (180 / Math.PI)
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
  }
}
