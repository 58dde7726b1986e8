import { DateTime } from 'luxon'
import type { Clock } from '#core/clock'

/**
 * Calendar days of the marketplace. "Today" and every date-only value (pickup, delivery,
 * availability) are days in the platform's business time zone, America/New_York (US
 * Eastern, where the support hours are given): a shipper anywhere in the US books for the
 * same "today" as the server. docs/decisions/0021.
 */
export const BUSINESS_TIME_ZONE = 'America/New_York'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Today's date (`YYYY-MM-DD`) in the business time zone. */
export function businessToday(clock: Clock): string {
  return businessDay(clock, 0)
}

/** The business day `days` from today (negative for the past), as `YYYY-MM-DD`. */
export function businessDay(clock: Clock, days: number): string {
  return clock.now().setZone(BUSINESS_TIME_ZONE).plus({ days }).toISODate()!
}

/** The business day a moment falls on, as a value for a Lucid date column. */
export function businessDateOf(moment: DateTime): DateTime {
  return toDateColumn(moment.setZone(BUSINESS_TIME_ZONE).toISODate()!)
}

/** The current year in the business time zone (New Year's Eve in New York is still that year). */
export function businessYear(clock: Clock): number {
  return clock.now().setZone(BUSINESS_TIME_ZONE).year
}

/** The business day `days` from today, as a value for a Lucid date column. */
export function businessDateColumn(clock: Clock, days = 0): DateTime {
  return toDateColumn(businessDay(clock, days))
}

/**
 * A `YYYY-MM-DD` day from what a client sent: a date as is, or an ISO date-time (what a date
 * picker sends, e.g. local midnight in UTC) as the day it falls on in the business time zone.
 * Null when it is not a date.
 */
export function parseCalendarDate(value: string): string | null {
  const text = value.trim()
  if (DATE_ONLY.test(text)) {
    return DateTime.fromISO(text, { zone: 'utc' }).isValid ? text : null
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null
  const moment = DateTime.fromISO(text, { zone: BUSINESS_TIME_ZONE })
  return moment.isValid ? moment.toISODate() : null
}

/** A stored date column (luxon DateTime, JS Date or string) as `YYYY-MM-DD`. */
export function isoDay(value: DateTime | Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof DateTime) return value.isValid ? value.toISODate() : null
  if (value instanceof Date) return DateTime.fromJSDate(value).toISODate()
  return String(value).slice(0, 10)
}

/** A `YYYY-MM-DD` day as a luxon date for a Lucid date column. */
export function toDateColumn(day: string): DateTime {
  return DateTime.fromISO(day)
}
