import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type CarrierPayout = {
  id: number
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
}

export const carrierPayoutsKey = '/api/carrier/payouts'

/** GET /api/carrier/payouts: the carrier's bookings with their payout, newest first. */
export function getCarrierPayouts(): Promise<CarrierPayout[]> {
  return api.get<CarrierPayout[]>(carrierPayoutsKey)
}

export function useCarrierPayouts() {
  return useSWR<CarrierPayout[]>(carrierPayoutsKey, getCarrierPayouts)
}
