import useSWR from 'swr'
import { api } from '@/lib/api-client'

export const TRUCK_TYPES = ['dry_van', 'flatbed', 'refrigerated', 'box_truck'] as const
export type TruckType = (typeof TRUCK_TYPES)[number]

export const TRUCK_STATUSES = ['available', 'in_use', 'maintenance'] as const
export type TruckStatus = (typeof TRUCK_STATUSES)[number]

export type Truck = {
  id: number
  make: string | null
  model: string | null
  year: number | null
  licensePlate: string
  capacity: number
  truckType: TruckType | null
  status: TruckStatus
  currentLocation: string | null
  createdAt: string
  updatedAt: string | null
}

export const trucksKey = '/api/trucks'

/** GET /api/trucks: the signed-in carrier's fleet, newest first. */
export function getTrucks(): Promise<Truck[]> {
  return api.get<Truck[]>(trucksKey)
}

export function useTrucks() {
  return useSWR<Truck[]>(trucksKey, getTrucks)
}
