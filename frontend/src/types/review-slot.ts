import type * as React from 'react'

/**
 * The "Rate this carrier/shipper" control a route (app/) puts on a delivered booking: the
 * reviews feature renders it, the booking lists only give it room (features never import
 * each other).
 */
export type ReviewSlot = (booking: {
  id: number
  reference: string
  /** when the review window runs (lib/review-window): closed, the control only reads */
  deliveredAt: string | null
  completedAt: string | null
}) => React.ReactNode
