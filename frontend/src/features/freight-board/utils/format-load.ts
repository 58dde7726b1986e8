import { formatCityState } from '@/lib/format'

/** `Chicago, IL 60601`: whichever parts are known. */
export function formatPlace(place: {
  city?: string | null
  state?: string | null
  postal?: string
}) {
  return [formatCityState(place.city, place.state), place.postal].filter(Boolean).join(' ')
}

/** Time left until `expiresAt` as `mm:ss` (never negative); empty when there is no expiry. */
export function formatCountdown(expiresAt: string | null, now: number): string {
  if (!expiresAt) return ''
  const left = Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000))
  const minutes = Math.floor(left / 60)
  const seconds = left % 60
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

/** Whole minutes left until `expiresAt`, rounded up, never negative. */
export function minutesLeft(expiresAt: string | null, now: number): number {
  if (!expiresAt) return 0
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 60_000))
}

/** `14.5 h` of transit. */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`
}

/** `48 × 40 × 60 in` */
export function formatDims(dims: { l: number; w: number; h: number }): string {
  return `${dims.l} × ${dims.w} × ${dims.h} in`
}
