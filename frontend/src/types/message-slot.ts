import type * as React from 'react'

/**
 * The "Messages" control a route (app/) puts on a paid booking: the messages feature renders
 * it, the booking lists only give it room (features never import each other; decision 0230).
 */
export type MessageSlot = (booking: { id: number; reference: string }) => React.ReactNode

/** A booking's thread exists once it was paid (decision 0230). */
export function threadIsOpen(paymentStatus: string | null | undefined): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'refunded'
}
