/** A booking's public reference: TRT- plus the id zero-padded to 3 digits (docs/spec.md §3). */
export function bookingReference(id: number): string {
  return `TRT-${String(id).padStart(3, '0')}`
}

/** The booking id a TRT- reference names (`TRT-042`, `trt-42`), or null when it is none. */
export function parseBookingReference(value: string): number | null {
  const match = /^\s*TRT-(\d{1,12})\s*$/i.exec(value)
  if (!match) return null
  const id = Number(match[1])
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** An expedited job's public reference: EXP- plus the id zero-padded to 3 digits. */
export function expeditedReference(id: number): string {
  return `EXP-${String(id).padStart(3, '0')}`
}

/**
 * The booking id an input names: its number (`37`) or the reference the screens show
 * (`TRT-037`, any case). Null when it is neither. Every input that takes a booking reads it
 * through this (decision 0184).
 */
export function parseBookingId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (/^\d{1,12}$/.test(text)) {
    const id = Number(text)
    return id > 0 ? id : null
  }
  return parseBookingReference(text)
}

/**
 * The route matcher of a booking's `:id`: digits as `router.matchers.number()` takes them, or a
 * TRT- reference, cast to the number either way, so the route (and the upload routes the body
 * middleware knows by pattern) matches whichever the user typed (decision 0184).
 */
export const bookingIdMatcher = {
  match: /^(?:\d{1,12}|[Tt][Rr][Tt]-\d{1,12})$/,
  cast: (value: string) => Number(value.replace(/^trt-/i, '')),
}
