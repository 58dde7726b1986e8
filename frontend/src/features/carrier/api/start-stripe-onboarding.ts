import { api } from '@/lib/api-client'

/** POST /api/carrier/stripe-onboard (no body): a fresh link to the provider's onboarding form. */
export function startStripeOnboarding(): Promise<{ url: string }> {
  return api.post<{ url: string }>('/api/carrier/stripe-onboard')
}
