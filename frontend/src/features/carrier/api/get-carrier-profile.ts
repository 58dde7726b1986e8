import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type CarrierProfile = {
  id: number
  userId: number
  companyName: string
  dotNumber: string | null
  mcNumber: string | null
  businessAddress: string | null
  city: string | null
  state: string | null
  zipCode: string | null
}

export const carrierProfileKey = '/api/carrier/profile'

/** GET /api/carrier/profile: the carrier company behind the signed-in account. */
export function getCarrierProfile(): Promise<CarrierProfile> {
  return api.get<CarrierProfile>(carrierProfileKey)
}

export function useCarrierProfile() {
  return useSWR<CarrierProfile>(carrierProfileKey, getCarrierProfile)
}
