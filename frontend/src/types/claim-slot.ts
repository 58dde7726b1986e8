import type * as React from 'react'

/**
 * "File a claim" on a delivered, paid booking (decision 0233): the claims feature renders it,
 * the booking list only gives it room (features never import each other; the route composes).
 */
export type ClaimSlot = (booking: { id: number; reference: string }) => React.ReactNode
