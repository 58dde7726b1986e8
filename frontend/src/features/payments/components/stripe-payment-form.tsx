import * as React from 'react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { Alert } from '@/components/ui/alert'
import {
  PayActions,
  PaymentFailureAlert,
  type CardFormProps,
} from '@/features/payments/components/pay-actions'
import { declinedFailure, failureOf, type PaymentFailure } from '@/features/payments/utils/outcome'

// docs/spec.md §9: the brand orange is the payment form's primary colour.
const BRAND_ORANGE = '#f97316'

// One Stripe.js instance per publishable key; `pure` loads the script only when called.
const stripeByKey = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string) {
  let promise = stripeByKey.get(publishableKey)
  if (!promise) {
    promise = loadStripe(publishableKey)
    stripeByKey.set(publishableKey, promise)
    // A failed load may be retried on the next visit.
    promise.catch(() => stripeByKey.delete(publishableKey))
  }
  return promise
}

type CheckoutFormProps = Omit<CardFormProps, 'clientSecret'> & {
  /** The app path Stripe comes back to when confirming the card leaves the page (3-D Secure) */
  returnPath: string
}

/**
 * Stripe's Payment Element writes what is wrong with each card field under that field itself
 * (its `change` event carries no message); a refusal after Pay stays on the form below it.
 */
function CheckoutForm({ amount, onSucceeded, onFailed, cancel, returnPath }: CheckoutFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [elementReady, setElementReady] = React.useState(false)
  const [processing, setProcessing] = React.useState(false)
  const [failure, setFailure] = React.useState<PaymentFailure | null>(null)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements || !elementReady || processing) return
    setProcessing(true)
    setFailure(null)
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
        redirect: 'if_required',
      })
      if (result.error) {
        // A field Stripe found wrong is shown on that field by the Payment Element itself.
        if (result.error.type === 'card_error') {
          setFailure(declinedFailure(result.error.message))
          onFailed?.()
        } else if (result.error.type !== 'validation_error') {
          setFailure(failureOf(new Error(result.error.message ?? '')).failure)
          onFailed?.()
        }
      } else {
        // succeeded (or still processing): the caller waits for the provider's webhook.
        setProcessing(false)
        onSucceeded()
        return
      }
    } catch (error) {
      setFailure(failureOf(error).failure)
      onFailed?.()
    }
    setProcessing(false)
  }

  return (
    <form aria-label="Card payment" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <PaymentElement onReady={() => setElementReady(true)} />
      <PaymentFailureAlert failure={failure} />
      <PayActions
        amount={amount}
        cancel={cancel}
        disabled={!stripe || !elements || !elementReady}
        processing={processing}
      />
    </form>
  )
}

/** Stripe's Payment Element for a PaymentIntent (a booking's, or a load's funding). */
export function StripePaymentForm({
  clientSecret,
  publishableKey,
  ...checkout
}: CheckoutFormProps & { clientSecret: string; publishableKey: string | null }) {
  const stripePromise = React.useMemo(
    () => (publishableKey ? stripeFor(publishableKey) : null),
    [publishableKey]
  )
  const [loadFailed, setLoadFailed] = React.useState(false)
  React.useEffect(() => {
    let active = true
    stripePromise?.then(
      (stripe) => {
        if (active && !stripe) setLoadFailed(true)
      },
      (error: unknown) => {
        console.error('Failed to load Stripe.js', error)
        if (active) setLoadFailed(true)
      }
    )
    return () => {
      active = false
    }
  }, [stripePromise])

  if (!stripePromise || loadFailed) {
    if (!publishableKey) console.error('The Stripe payment provider has no publishable key')
    return <Alert variant="error">Unable to setup payment. Please try again.</Alert>
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: BRAND_ORANGE } },
      }}
    >
      <CheckoutForm {...checkout} />
    </Elements>
  )
}
