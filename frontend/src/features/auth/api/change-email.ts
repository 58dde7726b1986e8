import { api, isApiError } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type ChangeEmailInput = RequestOf<'/api/account/email', 'put'>

/** The carrier's payout hold as GET /api/carrier/payout-hold answers it. */
type PayoutHoldState = ResponseOf<'/api/carrier/payout-hold', 'get'>

/** Payout History's key for the hold (the carrier feature reads it); revalidated after a change. */
export const carrierPayoutHoldKey = '/api/carrier/payout-hold'

/**
 * PUT /api/account/email: the user with the new email; 422 with field errors (`email`,
 * `currentPassword`), 429 when the password was tried too often.
 */
export function changeEmail(input: ChangeEmailInput): Promise<User> {
  return api.put<User>('/api/account/email', input)
}

/**
 * Until when an approved carrier's payouts are held now (the change just made holds them for the
 * period of decision 0098); null for anyone else, or when the hold cannot be read.
 */
export async function payoutsHeldUntil(user: Pick<User, 'role' | 'isApproved'>) {
  if (user.role !== 'carrier' || !user.isApproved) return null
  try {
    const { hold } = await api.get<PayoutHoldState>(carrierPayoutHoldKey)
    return hold?.endsAt ?? null
  } catch (error) {
    if (isApiError(error)) return null
    throw error
  }
}
