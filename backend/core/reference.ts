/** A booking's public reference: TRT- plus the id zero-padded to 3 digits (SPEC point 3). */
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
