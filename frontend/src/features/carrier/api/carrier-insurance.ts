import useSWR, { useSWRConfig } from 'swr'
import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type CarrierInsurance = ResponseOf<'/api/carrier/insurance', 'get'>

export const carrierInsuranceKey = '/api/carrier/insurance'
export const ownCertificateUrl = '/api/carrier/insurance/certificate'

/** GET /api/carrier/insurance: the certificate on file and the newest vetting. */
export function useCarrierInsurance() {
  return useSWR<CarrierInsurance>(carrierInsuranceKey, () =>
    api.get<CarrierInsurance>(carrierInsuranceKey)
  )
}

/**
 * POST /api/carrier/insurance (multipart `file`, `expiresOn`): 422 wrong type or date, 413
 * over 10 MB. The answer (the carrier re-vetted) replaces the cached insurance.
 */
export function useUploadInsurance() {
  const { mutate } = useSWRConfig()
  return useCallback(
    async (file: File, expiresOn: string) => {
      const form = new FormData()
      form.set('file', file)
      form.set('expiresOn', expiresOn)
      const saved = await api.post<CarrierInsurance>(carrierInsuranceKey, form)
      await mutate(carrierInsuranceKey, saved, { revalidate: false })
      return saved
    },
    [mutate]
  )
}
