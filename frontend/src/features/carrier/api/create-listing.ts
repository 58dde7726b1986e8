import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import { listingsKey, type Listing } from '@/features/carrier/api/get-listings'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { under, useRefresh } from '@/features/carrier/api/refresh'

export type ListingInput = {
  truckId: number
  pickupAddress: string
  pickupRadius: number
  deliveryAddress: string
  deliveryRadius: number
  ratePerMilePerPallet: number
  maxPallets: number
  /** YYYY-MM-DD */
  availableDate: string
}

/** POST /api/listings: both addresses are geocoded by the server (422 on the field if not). */
export function createListing(input: ListingInput): Promise<Listing> {
  return api.post<Listing>('/api/listings', input)
}

/** Keys a listing change makes stale: every filtered list and the dashboard's listings. */
export const listingKeys = [under(listingsKey()), under(carrierDashboardKey)]

export function useCreateListing() {
  const refresh = useRefresh()
  return useCallback(
    async (input: ListingInput) => {
      const listing = await createListing(input)
      await refresh(...listingKeys)
      return listing
    },
    [refresh]
  )
}
