import { useCallback } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/** The signed-in driver's assigned work (decision 0237). */
export type DriverWork = ResponseOf<'/api/driver/work', 'get'>
export type DriverWorkItem = DriverWork['items'][number]
export type WorkStop = DriverWorkItem['pickup']

export const driverWorkKey = '/api/driver/work'

export function useDriverWork() {
  return useSWR<DriverWork>(driverWorkKey, () => api.get<DriverWork>(driverWorkKey))
}

/**
 * Reports a step of a piece of work: a booking's status (`PUT /api/bookings/{id}/status`, the
 * status machine decides), an expedited job's pickup or delivery or a drayage move's gate-out
 * or empty return; then reads the work again.
 */
export function useReportWork() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (item: Pick<DriverWorkItem, 'kind' | 'id'>, action: string) => {
      if (item.kind === 'booking') {
        await api.put(`/api/bookings/${item.id}/status`, { status: action })
      } else if (item.kind === 'drayage') {
        // A drayage move's gate-out or empty return (decision 0246).
        await api.post(`/api/drayage/moves/${item.id}/${action}`)
      } else {
        await api.post(`/api/expedited-jobs/${item.id}/${action}`)
      }
      await mutate(driverWorkKey)
    },
    [mutate]
  )
}
