import type * as React from 'react'

/**
 * "Assign driver" on a carrier's booking (decision 0237): the route composes it from the team
 * feature for owners and dispatchers; the carrier feature renders it per booking.
 */
export type DriverSlot = (booking: {
  id: number
  reference: string
  status: string
  completedAt: string | null
  driver: {
    memberId: number
    firstName: string | null
    lastName: string | null
    email: string
  } | null
}) => React.ReactNode
