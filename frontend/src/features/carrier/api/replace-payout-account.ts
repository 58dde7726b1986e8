import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type ReplacePayoutAccountInput = RequestOf<'/api/carrier/payout-account/replace', 'post'>

/** The new account's onboarding link, and until when payouts wait. */
export type PayoutAccountReplaced = ResponseOf<'/api/carrier/payout-account/replace', 'post'>

/**
 * POST /api/carrier/payout-account/replace with the current password: a new connected account
 * that must be onboarded again; 422 `Current password is incorrect`, 409 when none is connected
 * yet, 429 after too many tries, 502 when the provider fails.
 */
export function replacePayoutAccount(
  input: ReplacePayoutAccountInput
): Promise<PayoutAccountReplaced> {
  return api.post<PayoutAccountReplaced>('/api/carrier/payout-account/replace', input)
}
