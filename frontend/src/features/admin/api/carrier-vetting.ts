import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'

export type CarrierVetting = ResponseOf<'/api/admin/carriers/{carrierId}/vetting', 'post'>
export type FlaggedCarrier = ResponseOf<'/api/admin/carriers/flagged', 'get'>['carriers'][number]

export const flaggedCarriersKey = '/api/admin/carriers/flagged'

/** GET /api/admin/carriers/flagged: approved or suspended carriers whose vetting fails. */
export function getFlaggedCarriers(): Promise<FlaggedCarrier[]> {
  return api
    .get<ResponseOf<'/api/admin/carriers/flagged', 'get'>>(flaggedCarriersKey)
    .then((body) => body.carriers)
}

export function useFlaggedCarriers() {
  return useSWR<FlaggedCarrier[]>(flaggedCarriersKey, getFlaggedCarriers)
}

/** Where an admin downloads a carrier's insurance certificate. */
export const certificateUrl = (carrierId: number) =>
  `/api/admin/carriers/${carrierId}/insurance/certificate`

/** POST /api/admin/carriers/{id}/vetting, then the pending and flagged lists revalidate. */
export function useRevetCarrier() {
  const { mutate } = useSWRConfig()
  const [busyId, setBusyId] = useState<number | null>(null)
  const revet = useCallback(
    async (carrierId: number) => {
      setBusyId(carrierId)
      try {
        return await api.post<CarrierVetting>(`/api/admin/carriers/${carrierId}/vetting`)
      } finally {
        setBusyId(null)
        void mutate(pendingUsersKey)
        void mutate(flaggedCarriersKey)
      }
    },
    [mutate]
  )
  return { revet, busyId }
}
