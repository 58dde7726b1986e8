import useSWRMutation from 'swr/mutation'
import { api } from '@/lib/api-client'
import type { CarrierProfile, PriceBreakdown } from '@/types/booking'

export type { PriceBreakdown } from '@/types/booking'

export type SearchCriteria = {
  pickupAddress: string
  deliveryAddress: string
  numberOfPallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
}

/** One carrier listing that can take the shipment, priced by the server. */
export type SearchResult = {
  id: number
  listingId: number
  carrierName: string
  carrier_name: string
  carrierLabel: string
  carrierProfile: CarrierProfile
  equipmentType: string | null
  ratePerMilePerPallet: number
  /** Road miles between the shipment's pickup and delivery points. */
  distance_miles: number
  available_capacity: number
  maxPallets: number
  estimated_price: number
  priceBreakdown: PriceBreakdown
  pickupAddress: string | null
  deliveryAddress: string | null
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  availableDate: string | null
  pickupDeadheadMiles: number | null
}

export const searchListingsKey = '/api/listings/search'

/** POST /api/listings/search: matching listings, cheapest first. */
export function searchListings(criteria: SearchCriteria): Promise<SearchResult[]> {
  return api.post<SearchResult[]>(searchListingsKey, criteria)
}

/**
 * The latest search and its results. A POST, so it runs only when triggered; `trigger` rejects
 * with the server's error so the form can report it.
 */
export function useSearchListings() {
  return useSWRMutation<SearchResult[], Error, string, SearchCriteria>(
    searchListingsKey,
    (_key, { arg }) => searchListings(arg)
  )
}
