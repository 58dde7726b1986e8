/**
 * Where a truck is on its route: a point along the great circle between origin and
 * destination, and how many driving hours it has done under hours of service (at most 11
 * hours of driving, then a 10-hour break; expedited team drivers swap instead of stopping).
 */
import { MAX_DRIVING_HOURS, REST_HOURS } from '../../rate_quoting/main.js'

export type LatLng = { lat: number; lng: number }

const rad = (deg: number) => (deg * Math.PI) / 180
const deg = (r: number) => (r * 180) / Math.PI
/** Five decimals is about a metre: enough for a map, and the same text on every run. */
const round5 = (n: number) => Math.round(n * 1e5) / 1e5

/** The point a fraction `f` (0 to 1) of the way from `a` to `b` along the great circle. */
export function interpolate(a: LatLng, b: LatLng, f: number): LatLng {
  const [lat1, lng1, lat2, lng2] = [rad(a.lat), rad(a.lng), rad(b.lat), rad(b.lng)]
  const h =
    Math.sin((lat2 - lat1) / 2) ** 2 +
    Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2
  const d = 2 * Math.asin(Math.min(1, Math.sqrt(h)))
  if (d < 1e-12) return { lat: round5(a.lat), lng: round5(a.lng) }
  const wa = Math.sin((1 - f) * d) / Math.sin(d)
  const wb = Math.sin(f * d) / Math.sin(d)
  const x = wa * Math.cos(lat1) * Math.cos(lng1) + wb * Math.cos(lat2) * Math.cos(lng2)
  const y = wa * Math.cos(lat1) * Math.sin(lng1) + wb * Math.cos(lat2) * Math.sin(lng2)
  const z = wa * Math.sin(lat1) + wb * Math.sin(lat2)
  return { lat: round5(deg(Math.atan2(z, Math.hypot(x, y)))), lng: round5(deg(Math.atan2(y, x))) }
}

/** The 10-hour breaks a solo driver takes on the way (the rule of rate_quoting's etaHours). */
export function restBreaks(drivingHours: number, teams: boolean): number {
  return teams ? 0 : Math.max(0, Math.ceil(drivingHours / MAX_DRIVING_HOURS) - 1)
}

/** Driving hours done `elapsed` hours after departure, and whether a break is on. */
export function hosProgress(
  elapsed: number,
  drivingHours: number,
  teams: boolean
): { driven: number; resting: boolean } {
  if (elapsed <= 0) return { driven: 0, resting: false }
  if (teams) return { driven: Math.min(elapsed, drivingHours), resting: false }
  const cycle = MAX_DRIVING_HOURS + REST_HOURS
  const shifts = Math.floor(elapsed / cycle)
  const within = elapsed - shifts * cycle
  const driven = Math.min(
    drivingHours,
    shifts * MAX_DRIVING_HOURS + Math.min(within, MAX_DRIVING_HOURS)
  )
  return { driven, resting: driven < drivingHours && within >= MAX_DRIVING_HOURS }
}
