import useSWR from 'swr'
import { swrFetcher } from '@/lib/api-client'
import type { components } from '@/types/api'

export type AccessorialList = components['schemas']['AccessorialList']

/** GET /api/accessorials: what a shipper may ask for when booking, at the list's prices. */
export function useBookableAccessorials() {
  return useSWR<AccessorialList>('/api/accessorials', swrFetcher)
}
