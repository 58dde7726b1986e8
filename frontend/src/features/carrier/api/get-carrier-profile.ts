import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/** The signed-in carrier's company, as the API contract describes it. */
export type CarrierProfile = ResponseOf<'/api/carrier/profile', 'get'>

export const carrierProfileKey = '/api/carrier/profile'

/** GET /api/carrier/profile: the carrier company behind the signed-in account. */
export function getCarrierProfile(): Promise<CarrierProfile> {
  return api.get<CarrierProfile>(carrierProfileKey)
}

export function useCarrierProfile() {
  return useSWR<CarrierProfile>(carrierProfileKey, getCarrierProfile)
}
