import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components, operations } from '@/types/api'

export type FleetCarrier = components['schemas']['FleetCarrier']
export type FleetCarrierPage = components['schemas']['FleetCarrierPage']
type FleetQuery = NonNullable<operations['listFleetCarriers']['parameters']['query']>
export type FleetStatusFilter = NonNullable<FleetQuery['status']>
export type FleetVettingFilter = NonNullable<FleetQuery['vetting']>

export type FleetFilters = {
  status?: FleetStatusFilter
  vetting?: FleetVettingFilter
  search?: string
  page: number
}

export const FLEET_KEY_PREFIX = '/api/admin/carriers?'

export function fleetCarriersKey({ status, vetting, search, page }: FleetFilters) {
  const params = new URLSearchParams()
  if (status) params.set('status', status)
  if (vetting) params.set('vetting', vetting)
  if (search?.trim()) params.set('search', search.trim())
  params.set('page', String(page))
  return `${FLEET_KEY_PREFIX}${params.toString()}`
}

/** GET /api/admin/carriers: every carrier, by company name, 20 a page. */
export function useFleetCarriers(filters: FleetFilters) {
  const key = fleetCarriersKey(filters)
  return useSWR<FleetCarrierPage>(key, () => api.get<FleetCarrierPage>(key), {
    keepPreviousData: true,
  })
}

/** POST /api/admin/carriers/{id}/suspend or /reinstate; every page of the list revalidates. */
export function useCarrierStanding() {
  const { mutate } = useSWRConfig()
  const [pendingId, setPendingId] = useState<number | null>(null)
  const change = useCallback(
    async (carrierId: number, action: 'suspend' | 'reinstate', reason?: string) => {
      setPendingId(carrierId)
      try {
        return await api.post<FleetCarrier>(
          `/api/admin/carriers/${carrierId}/${action}`,
          reason ? { reason } : {}
        )
      } finally {
        setPendingId(null)
        void mutate(
          (key) =>
            typeof key === 'string' &&
            (key.startsWith(FLEET_KEY_PREFIX) || key.startsWith('/api/admin/carriers/flagged'))
        )
      }
    },
    [mutate]
  )
  return { change, pendingId }
}
