import { api } from '@/lib/api-client'
import type { CarrierProfile } from '@/features/carrier/api/get-carrier-profile'

export type CompanyAddressInput = {
  businessAddress: string
  city: string
  state: string
  zipCode: string
}

/** PUT /api/carrier/profile: the company's address; name, DOT and MC stay as approved. */
export function updateCarrierProfile(input: CompanyAddressInput): Promise<CarrierProfile> {
  return api.put<CarrierProfile>('/api/carrier/profile', input)
}
