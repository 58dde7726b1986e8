import { todayInTimeZone } from '@/lib/calendar-dates'

/**
 * The zone whose calendar decides "today" for pickup dates. The server checks pickup dates
 * against today in America/New_York, so the browser uses the same day: a date the form
 * accepts is never refused for being in the past, wherever the shipper sits.
 */
export const SHIPPER_TIME_ZONE = 'America/New_York'

/** Today as `YYYY-MM-DD` in the shipper time zone. */
export function todayIso(now: Date = new Date()): string {
  return todayInTimeZone(SHIPPER_TIME_ZONE, now)
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

export function isIsoDate(value: string): boolean {
  if (!ISO_DAY.test(value)) return false
  const [y, m, d] = value.split('-').map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** The calendar day of an API date (`YYYY-MM-DD` or an ISO timestamp at midnight UTC). */
export function calendarDay(value: string | null | undefined): string | null {
  if (!value) return null
  const day = value.slice(0, 10)
  return isIsoDate(day) ? day : null
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const ms = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number)
    return Date.UTC(y, m - 1, d)
  }
  return Math.round((ms(to) - ms(from)) / 86_400_000)
}
