import { api } from '@/lib/api-client'
import type { CarrierProfile } from '@/features/carrier/api/get-carrier-profile'
import type { RequestOf } from '@/types/api-contract'

/** The editable part of the company: its address (name, DOT and MC were checked at approval). */
export type CompanyAddressInput = Pick<
  RequestOf<'/api/carrier/profile', 'put'>,
  'businessAddress' | 'city' | 'state' | 'zipCode'
>

/** PUT /api/carrier/profile: the company's address; name, DOT and MC stay as approved. */
export function updateCarrierProfile(input: CompanyAddressInput): Promise<CarrierProfile> {
  return api.put<CarrierProfile>('/api/carrier/profile', input)
}
