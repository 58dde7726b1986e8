import { useCallback, useState } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { reconciliationKey } from '@/features/admin/api/get-money-health'
import type { ResponseOf } from '@/types/api-contract'

/** A payout an operator should look at: a failed transfer, or a payout held for onboarding. */
export type PayoutAttention = {
  bookingId: number
  reference: string
  carrierCompany: string | null
  /** the carrier's 91 percent, in dollars */
  payoutAmount: number
  payoutStatus: 'failed' | 'released' | string
  reason: string | null
  attempts: number
  /** when the next automatic retry is due; null when none is scheduled */
  nextAttemptAt: string | null
  releasedAt: string | null
  /** waiting for the carrier's payout onboarding, not failed */
  held: boolean
}

/**
 * A delivered expedited job's payout that failed or is held (decision 0188): the same fields,
 * by the job (EXP-…) rather than a booking. The payout run retries it.
 */
export type ExpeditedPayoutAttention = Omit<PayoutAttention, 'bookingId'> & {
  expeditedJobId: number
}

/** POST /api/admin/expedited-payouts/{jobId}/retry's answer (decision 0188). */
export type ExpeditedPayoutRetryResult = {
  outcome: PayoutRetryOutcome
  payout: ExpeditedPayoutAttention
}

/** The list as the API answers it: the payouts, and every carrier whose payouts are held now. */
export type PayoutAttentionList = {
  payouts: PayoutAttention[]
  expeditedPayouts: ExpeditedPayoutAttention[]
  carrierHolds: CarrierPayoutHold[]
}

/**
 * A carrier whose payouts are held after a change to its payout account, email or phone
 * (decision 0098), even with nothing due yet.
 */
export type CarrierPayoutHold = ResponseOf<
  '/api/admin/payouts/attention',
  'get'
>['carrierHolds'][number]

export type PayoutRetryOutcome = 'paid' | 'failed' | 'held'

export type PayoutRetryResult = { outcome: PayoutRetryOutcome; payout: PayoutAttention }

export const payoutsAttentionKey = '/api/admin/payouts/attention'

/**
 * GET /api/admin/payouts/attention: failed and held payouts, newest release first, and the
 * carriers held now, ending last first.
 */
export function getPayoutsAttention(): Promise<PayoutAttentionList> {
  return api.get<PayoutAttentionList>(payoutsAttentionKey)
}

/** POST /api/admin/payouts/{bookingId}/retry: one transfer attempt now. */
export function retryPayout(bookingId: number) {
  return api.post<PayoutRetryResult>(`/api/admin/payouts/${bookingId}/retry`)
}

/** POST /api/admin/expedited-payouts/{jobId}/retry: the same for an expedited job's payout. */
export function retryExpeditedPayout(jobId: number) {
  return api.post<ExpeditedPayoutRetryResult>(`/api/admin/expedited-payouts/${jobId}/retry`)
}

export function usePayoutsAttention() {
  return useSWR<PayoutAttentionList>(payoutsAttentionKey, getPayoutsAttention)
}

/**
 * Retry with this list and the reconciliation revalidated afterwards, success or not: a paid
 * payout moves money on the ledger, and a refused retry may mean the list is stale.
 */
export function useRetryPayout() {
  const { mutate } = useSWRConfig()
  const [retryingId, setRetryingId] = useState<number | null>(null)
  const [retryingJobId, setRetryingJobId] = useState<number | null>(null)

  const retry = useCallback(
    async (bookingId: number) => {
      setRetryingId(bookingId)
      try {
        return await retryPayout(bookingId)
      } finally {
        setRetryingId(null)
        void mutate(payoutsAttentionKey)
        void mutate(reconciliationKey)
      }
    },
    [mutate]
  )

  const retryExpedited = useCallback(
    async (jobId: number) => {
      setRetryingJobId(jobId)
      try {
        return await retryExpeditedPayout(jobId)
      } finally {
        setRetryingJobId(null)
        void mutate(payoutsAttentionKey)
        void mutate(reconciliationKey)
      }
    },
    [mutate]
  )

  return { retry, retryingId, retryExpedited, retryingJobId }
}
