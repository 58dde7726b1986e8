import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ResponseOf } from '@/types/api-contract'

/** A hold on the carrier's payouts after a change to its payout account, email or phone. */
export type PayoutHoldState = ResponseOf<'/api/carrier/payout-hold', 'get'>
export type PayoutHold = NonNullable<PayoutHoldState['hold']>

export const payoutHoldKey = '/api/carrier/payout-hold'

/** GET /api/carrier/payout-hold: the hold in force now, or `{ hold: null }`. */
export function getPayoutHold(): Promise<PayoutHoldState> {
  return api.get<PayoutHoldState>(payoutHoldKey)
}

export function usePayoutHold() {
  return useSWR<PayoutHoldState>(payoutHoldKey, getPayoutHold)
}
