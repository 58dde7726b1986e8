import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type StripeStatus = {
  connected: boolean
  onboardingComplete: boolean
  payoutsEnabled: boolean
  /** Where payouts land (bank name, last four); null or absent when the provider does not say. */
  payoutDestination?: { bankName: string | null; last4: string } | null
}

export const stripeStatusKey = '/api/carrier/stripe-status'

/** How often the Payment Setup card asks the provider again (docs/spec.md §7). */
export const STRIPE_STATUS_REFRESH_MS = 5000

/** GET /api/carrier/stripe-status: the carrier's payout account at the provider. */
export function getStripeStatus(): Promise<StripeStatus> {
  return api.get<StripeStatus>(stripeStatusKey)
}

/** Polled while shown, so returning from the onboarding form updates the card by itself. */
export function useStripeStatus() {
  return useSWR<StripeStatus>(stripeStatusKey, getStripeStatus, {
    refreshInterval: STRIPE_STATUS_REFRESH_MS,
  })
}
