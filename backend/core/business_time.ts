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

/**
 * The business day last computed and the instants it spans, [from, to): converting a moment
 * to New York time costs about 20 µs (Intl), and every validated request asks for today.
 */
let knownDay: { from: number; to: number; day: string } | null = null

/** Today's date (`YYYY-MM-DD`) in the business time zone. */
export function businessToday(clock: Clock): string {
  // The instant alone (no DateTime built) while it falls on the day last computed.
  const millis = clock.nowMillis()
  if (knownDay && millis >= knownDay.from && millis < knownDay.to) return knownDay.day
  const local = clock.now().setZone(BUSINESS_TIME_ZONE)
  const start = local.startOf('day')
  knownDay = {
    from: start.toMillis(),
    to: start.plus({ days: 1 }).toMillis(),
    day: local.toISODate()!,
  }
  return knownDay.day
}

/** The business day `days` from today (negative for the past), as `YYYY-MM-DD`. */
export function businessDay(clock: Clock, days: number): string {
  const today = businessToday(clock)
  if (days === 0) return today
  // Calendar arithmetic on the date alone: the same day as moving the local time by `days`.
  return DateTime.fromISO(today, { zone: 'utc' }).plus({ days }).toISODate()!
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
    const [year, month, day] = text.split('-').map(Number)
    const date = new Date(0)
    // setUTCFullYear rolls 2026-02-30 over into March: a real day survives the round trip.
    date.setUTCFullYear(year, month - 1, day)
    return date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
      ? text
      : null
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
