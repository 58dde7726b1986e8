import * as React from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { isBoardKey } from '@/features/freight-board/api/get-board'
import { freightListingsPath } from '@/features/freight-board/api/post-load'
import type { FreightInviteAccepted } from '@/features/freight-board/api/types'

/** How long an invite keeps its load for the invited carrier (docs/decisions/0068). */
export const INVITE_HOURS = 2

/** POST /api/freight-listings/invites/{token}/accept: the invited carrier uses its link, once. */
export function acceptInvite(token: string): Promise<FreightInviteAccepted> {
  return api.post<FreightInviteAccepted>(
    `${freightListingsPath}/invites/${encodeURIComponent(token)}/accept`
  )
}

/** Uses the invite, then reloads the board under every filter (not awaited: the answer comes first). */
export function useAcceptInvite() {
  const { mutate } = useSWRConfig()
  return React.useCallback(
    async (token: string) => {
      const accepted = await acceptInvite(token)
      void mutate(isBoardKey)
      return accepted
    },
    [mutate]
  )
}
