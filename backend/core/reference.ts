/** A booking's public reference: TRT- plus the id zero-padded to 3 digits (SPEC point 3). */
export function bookingReference(id: number): string {
  return `TRT-${String(id).padStart(3, '0')}`
}
