import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { TruckType } from '@/features/carrier/api/get-trucks'

export const LISTING_STATUSES = ['active', 'booked', 'expired'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

export type ListingTruck = {
  id: number
  make: string | null
  model: string | null
  year: number | null
  licensePlate: string
  capacity: number
  truckType: TruckType | null
}

export type Listing = {
  id: number
  truckId: number | null
  truck: ListingTruck | null
  pickupAddress: string
  pickupRadius: number
  deliveryAddress: string
  deliveryRadius: number
  originCity: string | null
  originState: string | null
  destinationCity: string | null
  destinationState: string | null
  pickupLatitude: number | null
  pickupLongitude: number | null
  deliveryLatitude: number | null
  deliveryLongitude: number | null
  ratePerMilePerPallet: number
  maxPallets: number
  bookedPallets: number
  availablePallets: number
  availableDate: string | null
  status: ListingStatus
  createdAt: string
}

/** `/api/carrier/me/listings`, with `?status=` when filtered. */
export function listingsKey(status?: ListingStatus) {
  const base = '/api/carrier/me/listings'
  return status ? `${base}?status=${status}` : base
}

/** GET /api/carrier/me/listings: the carrier's capacity listings, newest first. */
export function getListings(status?: ListingStatus): Promise<Listing[]> {
  return api.get<Listing[]>(listingsKey(status))
}

export function useListings(status?: ListingStatus) {
  return useSWR<Listing[]>(listingsKey(status), () => getListings(status))
}
