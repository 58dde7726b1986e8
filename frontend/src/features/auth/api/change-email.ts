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
 * The hold on an approved carrier's payouts now (the change just made holds them for the period
 * of decision 0098); null for anyone else, or when the hold cannot be read.
 */
export async function payoutHoldAfterChange(
  user: Pick<User, 'role' | 'isApproved'>
): Promise<PayoutHoldState | null> {
  if (user.role !== 'carrier' || !user.isApproved) return null
  try {
    return await api.get<PayoutHoldState>(carrierPayoutHoldKey)
  } catch (error) {
    if (isApiError(error)) return null
    throw error
  }
}
