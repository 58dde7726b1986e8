import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { FreightInviteCandidate } from '@/features/freight-board/api/types'

export function inviteCandidatesKey(loadId: number) {
  return `/api/shipper/freight-listings/${loadId}/invite-candidates`
}

/** GET /api/shipper/freight-listings/{id}/invite-candidates: carriers the shipper has paid a booking with. */
export function getInviteCandidates(loadId: number): Promise<FreightInviteCandidate[]> {
  return api.get<FreightInviteCandidate[]>(inviteCandidatesKey(loadId))
}

export function useInviteCandidates(loadId: number | null) {
  return useSWR<FreightInviteCandidate[]>(
    loadId == null ? null : inviteCandidatesKey(loadId),
    () => getInviteCandidates(loadId as number),
    // Who the shipper has paid changes between visits: opening the dialog asks again.
    { revalidateIfStale: true }
  )
}
