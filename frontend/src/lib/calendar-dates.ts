// Calendar days as the user agreement states them, apart from lib/format.ts: the sign-up form
// on /auth needs these in its first JavaScript, not the rest.

/** Today's calendar date in a time zone as `YYYY-MM-DD` (the agreement's effective date). */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** Today in America/Los_Angeles, the zone the user agreement's effective date is computed in. */
export function todayInLosAngeles(now: Date = new Date()): string {
  return todayInTimeZone('America/Los_Angeles', now)
}

/** `2025-01-15` -> `January 15, 2025`, without time-zone drift. */
export function formatIsoDateLong(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number)
  if (!y || !m || !d) return isoDate
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  })
}
