import * as React from 'react'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { usePaymentsConfig } from '@/features/payments/api/payments'
import type { CardFormProps } from '@/features/payments/components/pay-actions'
import { SandboxCardForm } from '@/features/payments/components/sandbox-card-form'

// Stripe.js and its React bindings load only when the server's provider is Stripe.
const StripePaymentForm = React.lazy(() =>
  import('@/features/payments/components/stripe-payment-form').then((m) => ({
    default: m.StripePaymentForm,
  }))
)

export function SettingUpPayment() {
  return (
    <div className="flex items-center gap-3 py-6 text-sm text-slate-600">
      <Spinner className="h-5 w-5" label="Setting up payment" />
      Setting up payment...
    </div>
  )
}

export function PaymentSetupFailed() {
  return (
    <Alert variant="error" className="my-2">
      Unable to setup payment. Please try again.
    </Alert>
  )
}

export type CardPaymentFormProps = CardFormProps & {
  /** The app path Stripe comes back to when confirming the card leaves the page (3-D Secure) */
  returnPath: string
}

/**
 * The card form for a PaymentIntent the caller already has: the sandbox's own form or Stripe's
 * Payment Element, as GET /api/payments/config says. Failures toast here; success is the caller's.
 */
export function CardPaymentForm({ returnPath, ...form }: CardPaymentFormProps) {
  const config = usePaymentsConfig()
  if (config.error) return <PaymentSetupFailed />
  if (!config.data) return <SettingUpPayment />
  if (config.data.driver === 'stripe') {
    return (
      <React.Suspense fallback={<SettingUpPayment />}>
        <StripePaymentForm
          {...form}
          publishableKey={config.data.publishableKey}
          returnPath={returnPath}
        />
      </React.Suspense>
    )
  }
  return <SandboxCardForm {...form} />
}
