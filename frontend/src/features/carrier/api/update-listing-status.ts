import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import type { Listing } from '@/features/carrier/api/get-listings'
import { listingKeys } from '@/features/carrier/api/create-listing'
import { useRefresh } from '@/features/carrier/api/refresh'

/** The statuses a carrier may set: Archive (expired) and Reactivate (active). */
export type ListingStatusChange = 'active' | 'expired'

/** PUT /api/listings/{id}/status: 409 for a booked listing or an unchanged status. */
export function updateListingStatus(id: number, status: ListingStatusChange): Promise<Listing> {
  return api.put<Listing>(`/api/listings/${id}/status`, { status })
}

export function useUpdateListingStatus() {
  const refresh = useRefresh()
  return useCallback(
    async (id: number, status: ListingStatusChange) => {
      const listing = await updateListingStatus(id, status)
      await refresh(...listingKeys)
      return listing
    },
    [refresh]
  )
}
