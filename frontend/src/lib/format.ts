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

// A day as written (`2025-01-15`), optionally as midnight UTC (how date columns serialise).
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00:00(?:\.0+)?(?:Z|[+-]00:00)?)?$/

/**
 * `Jan 15, 2025` for a calendar date. A bare `YYYY-MM-DD` is a day, not an instant, so it is
 * shown as written whatever the browser's time zone; anything else goes through formatDate.
 */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return ''
  const match = CALENDAR_DATE.exec(value)
  if (!match) return formatDate(value)
  const [, y, m, d] = match
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  })
}

/** `Jan 15, 2025, 3:04 PM` for a timestamp; empty string for a missing value. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

/** `1,283.4 mi`: road miles with at most one decimal. */
export function formatMiles(miles: number | string | null | undefined): string {
  const value = typeof miles === 'string' ? Number.parseFloat(miles) : miles
  const safe = value == null || Number.isNaN(value) ? 0 : value
  return `${safe.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`
}

/** `98%` for a ratio between 0 and 1. */
export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Counts, en-US: `1,234`. */
export function formatCount(value: number | null | undefined): string {
  return integer.format(value ?? 0)
}

/** `in_transit` -> `In Transit`: status values as people read them. */
export function formatStatus(status: string | null | undefined): string {
  if (!status) return ''
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ')
}

/** `Chicago, IL`; whichever part is known, or an empty string. */
export function formatCityState(city: string | null | undefined, state: string | null | undefined) {
  return [city, state].filter(Boolean).join(', ')
}
