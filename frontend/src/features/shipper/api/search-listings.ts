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

/** Offers per page when no size is asked (the server's default, decision 0088). */
export const SEARCH_PAGE_SIZE = 20

export type SearchPaging = { page?: number; perPage?: number }

/** One page of offers, best first, with the number of every match and the next page. */
export type SearchPage = {
  results: SearchResult[]
  total: number
  /** null on the last page */
  nextPage: number | null
}

/**
 * POST /api/listings/search: a page of matching listings, best first. The body is the page;
 * `X-Total-Count` and `X-Next-Page` say how many match and what comes next.
 */
export async function searchListings(
  criteria: SearchCriteria,
  paging: SearchPaging = {}
): Promise<SearchPage> {
  let headers: Headers | null = null
  const results = await api.post<SearchResult[]>(
    searchListingsKey,
    { ...criteria, ...paging },
    {
      onResponse: (response) => {
        headers = response.headers
      },
    }
  )
  const read = (name: string) => (headers as Headers | null)?.get(name) ?? null
  const total = Number(read('X-Total-Count') ?? NaN)
  const next = read('X-Next-Page')
  return {
    results,
    total: Number.isInteger(total) ? total : results.length,
    nextPage: next ? Number(next) : null,
  }
}

/**
 * The latest search's first page. A POST, so it runs only when triggered; `trigger` rejects
 * with the server's error so the form can report it.
 */
export function useSearchListings() {
  return useSWRMutation<SearchPage, Error, string, SearchCriteria & SearchPaging>(
    searchListingsKey,
    (_key, { arg: { page, perPage, ...criteria } }) => searchListings(criteria, { page, perPage })
  )
}
