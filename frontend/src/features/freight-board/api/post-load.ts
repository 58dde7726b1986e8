import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { FreightListingCreated, FreightListingForm } from '@/features/freight-board/api/types'

export const freightListingsPath = '/api/freight-listings'

/**
 * POST /api/freight-listings: publishes the load. The key makes a retry of the same
 * submission return the first listing instead of posting the load twice.
 */
export function postLoad(
  form: FreightListingForm,
  idempotencyKey: string
): Promise<FreightListingCreated> {
  return api.post<FreightListingCreated>(freightListingsPath, form, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  })
}
