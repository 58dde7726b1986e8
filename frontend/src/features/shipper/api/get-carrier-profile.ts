import type { CarrierProfile } from '@/types/booking'
import useSWR from 'swr'
import { api } from '@/lib/api-client'

/** What a shipper may know about a carrier before paying: no name, contact or DOT/MC number. */
export type { CarrierProfile } from '@/types/booking'

export type CarrierLane = {
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
}

export type CarrierProfileDetails = CarrierProfile & { trucks: number; lanes: CarrierLane[] }

export const carrierProfileKey = (listingId: number) => `/api/listings/${listingId}/carrier-profile`

/** GET /api/listings/{id}/carrier-profile: the anonymous profile behind a search result. */
export function getCarrierProfile(listingId: number): Promise<CarrierProfileDetails> {
  return api.get<CarrierProfileDetails>(carrierProfileKey(listingId))
}

/** Loads only while a listing is chosen (`null` key otherwise). */
export function useCarrierProfile(listingId: number | null) {
  return useSWR<CarrierProfileDetails>(
    listingId == null ? null : carrierProfileKey(listingId),
    () => getCarrierProfile(listingId!)
  )
}
