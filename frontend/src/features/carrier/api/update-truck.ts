import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import { trucksKey, type Truck } from '@/features/carrier/api/get-trucks'
import { fleetKeys, type TruckInput } from '@/features/carrier/api/create-truck'
import { useRefresh } from '@/features/carrier/api/refresh'

/** PUT /api/trucks/{id}: every field, status included, may change. */
export function updateTruck(id: number, input: TruckInput): Promise<Truck> {
  return api.put<Truck>(`${trucksKey}/${id}`, input)
}

export function useUpdateTruck() {
  const refresh = useRefresh()
  return useCallback(
    async (id: number, input: TruckInput) => {
      const truck = await updateTruck(id, input)
      await refresh(...fleetKeys)
      return truck
    },
    [refresh]
  )
}
