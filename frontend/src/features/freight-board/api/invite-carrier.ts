import * as React from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { loadAuditsKey } from '@/features/freight-board/api/get-load-audits'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { FreightInvite, FreightInviteInput } from '@/features/freight-board/api/types'

/**
 * POST /api/freight-listings/{id}/invites: gives the carrier 2 hours of exclusive access and
 * mails it the link. The contract takes no Idempotency-Key; a second send makes a second invite.
 */
export function inviteCarrier(loadId: number, body: FreightInviteInput): Promise<FreightInvite> {
  return api.post<FreightInvite>(`${freightListingsPath}/${loadId}/invites`, body)
}

/** Sends the invite, then reloads the load's history and the shipper's list. */
export function useInviteCarrier(loadId: number) {
  const { mutate } = useSWRConfig()
  return React.useCallback(
    async (candidateId: string) => {
      const invite = await inviteCarrier(loadId, { candidateId })
      await Promise.all([mutate(loadAuditsKey(loadId)), mutate(shipperLoadsKey)])
      return invite
    },
    [loadId, mutate]
  )
}
