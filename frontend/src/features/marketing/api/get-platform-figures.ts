import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

export type PlatformFigures = ResponseOf<'/api/platform/figures', 'get'>

export const platformFiguresKey = '/api/platform/figures'

/** GET /api/platform/figures: the platform's own counts, public (docs/decisions/0190). */
export function usePlatformFigures() {
  return useSWR<PlatformFigures>(
    platformFiguresKey,
    () => api.get<PlatformFigures>(platformFiguresKey),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    }
  )
}
