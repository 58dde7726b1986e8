const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** US dollars, en-US: `$1,234.50`. Accepts the API's decimal strings too. */
export function formatCurrency(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : amount
  return usd.format(value == null || Number.isNaN(value) ? 0 : value)
}

/** Booking reference shown everywhere: `TRT-` plus the id zero-padded to 3 digits. */
export function formatBookingReference(id: number | string): string {
  return `TRT-${String(id).padStart(3, '0')}`
}

/** `Jan 15, 2025` for an ISO timestamp or date; empty string for a missing value. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
}

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
