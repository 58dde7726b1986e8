import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { QuickPayQuote } from '@/features/carrier/api/quick-pay'

export type CarrierPayout = {
  /** the booking's id, or the expedited job's (`kind`) */
  id: number
  /** a booking's payout (TRT-…), or a delivered expedited job's (EXP-…, decision 0188) */
  kind: 'booking' | 'expedited'
  reference: string
  pickupAddress: string | null
  deliveryAddress: string | null
  createdAt: string
  totalAmount: number
  payoutAmount: number
  paymentStatus: string
  payoutStatus: string
  payoutReleasedAt: string | null
  payoutFailureReason: string | null
  /** the carrier's share of a cancelled booking's late-cancel fee (docs/decisions/0178) */
  lateCancelFee: boolean
  /** the quick-pay fee taken off the payout, cents, when taken by quick pay (decision 0222) */
  quickPayFeeCents: number | null
  /** a booking's quick-pay quote while its payout is pending; null otherwise */
  quickPay: QuickPayQuote | null
  /** cargo-claim recoveries netted from this payout, each claim's reference (decision 0254) */
  recoveryDeductions: { claimId: number; claimReference: string; amountCents: number }[]
}

export const carrierPayoutsKey = '/api/carrier/payouts'

/** GET /api/carrier/payouts: the carrier's bookings and expedited jobs with their payout, newest first. */
export function getCarrierPayouts(): Promise<CarrierPayout[]> {
  return api.get<CarrierPayout[]>(carrierPayoutsKey)
}

export function useCarrierPayouts() {
  return useSWR<CarrierPayout[]>(carrierPayoutsKey, getCarrierPayouts)
}
