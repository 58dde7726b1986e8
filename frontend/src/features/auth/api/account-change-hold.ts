import { api, isApiError } from '@/lib/api-client'
import type { User } from '@/features/auth/api/get-user'
import type { ResponseOf } from '@/types/api-contract'
import { formatDateTime } from '@/lib/format'

/** The carrier's payout hold as GET /api/carrier/payout-hold answers it. */
type PayoutHoldState = ResponseOf<'/api/carrier/payout-hold', 'get'>

/** Payout History's key for the hold (the carrier feature reads it); revalidated after a change. */
export const carrierPayoutHoldKey = '/api/carrier/payout-hold'

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

/**
 * What a saved change to the email or phone tells its owner: where the notice went and, for a
 * held carrier, until when payouts wait (decision 0098).
 */
export function changeNoticeText(oldEmail: string | null, heldUntil: string | null) {
  const notice = oldEmail ? `A notice went to ${oldEmail}.` : 'A notice went to your old address.'
  return heldUntil ? `${notice} Your payouts are held until ${formatDateTime(heldUntil)}.` : notice
}
