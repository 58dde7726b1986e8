import type * as React from 'react'

/**
 * The "Rate this carrier/shipper" control a route (app/) puts on a delivered booking: the
 * reviews feature renders it, the booking lists only give it room (features never import
 * each other).
 */
export type ReviewSlot = (booking: { id: number; reference: string }) => React.ReactNode
