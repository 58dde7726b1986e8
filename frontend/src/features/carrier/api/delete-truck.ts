import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import { trucksKey } from '@/features/carrier/api/get-trucks'
import { fleetKeys } from '@/features/carrier/api/create-truck'
import { useRefresh } from '@/features/carrier/api/refresh'

/** DELETE /api/trucks/{id}: 409 while active listings or open bookings use the truck. */
export function deleteTruck(id: number): Promise<null> {
  return api.delete<null>(`${trucksKey}/${id}`)
}

export function useDeleteTruck() {
  const refresh = useRefresh()
  return useCallback(
    async (id: number) => {
      await deleteTruck(id)
      await refresh(...fleetKeys)
    },
    [refresh]
  )
}
