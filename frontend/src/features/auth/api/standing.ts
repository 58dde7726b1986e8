import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type AccountStanding = components['schemas']['AccountStanding']

export const STANDING_KEY = '/api/account/standing'

/** GET /api/account/standing: why a suspended account is suspended, and how to appeal (0186). */
export function useAccountStanding(enabled: boolean) {
  return useSWR<AccountStanding>(enabled ? STANDING_KEY : null, () =>
    api.get<AccountStanding>(STANDING_KEY)
  )
}
