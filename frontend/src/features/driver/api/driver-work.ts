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
 * status machine decides) or an expedited job's pickup or delivery; then reads the work again.
 */
export function useReportWork() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (item: Pick<DriverWorkItem, 'kind' | 'id'>, action: string) => {
      if (item.kind === 'booking') {
        await api.put(`/api/bookings/${item.id}/status`, { status: action })
      } else {
        await api.post(`/api/expedited-jobs/${item.id}/${action}`)
      }
      await mutate(driverWorkKey)
    },
    [mutate]
  )
}
