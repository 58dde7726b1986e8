import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import {
  trucksKey,
  type Truck,
  type TruckStatus,
  type TruckType,
} from '@/features/carrier/api/get-trucks'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { listingsKey } from '@/features/carrier/api/get-listings'
import { under, useRefresh } from '@/features/carrier/api/refresh'

export type TruckInput = {
  make: string
  model: string
  year: number
  licensePlate: string
  capacity: number
  truckType?: TruckType
  status?: TruckStatus
}

/** POST /api/trucks: a new truck; the server starts it as available. */
export function createTruck(input: TruckInput): Promise<Truck> {
  return api.post<Truck>(trucksKey, input)
}

/** Keys a change to the fleet makes stale: the fleet, the dashboard's fleet panel, listings' trucks. */
export const fleetKeys = [under(trucksKey), under(carrierDashboardKey), under(listingsKey())]

export function useCreateTruck() {
  const refresh = useRefresh()
  return useCallback(
    async (input: TruckInput) => {
      const truck = await createTruck(input)
      await refresh(...fleetKeys)
      return truck
    },
    [refresh]
  )
}
