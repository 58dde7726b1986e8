import * as React from 'react'
import { Link } from 'react-router-dom'
import { Lock } from 'lucide-react'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { loadStripe } from '@stripe/stripe-js/pure'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { formatCurrency } from '@/lib/format'
import type { ShipperBooking } from '@/types/booking'
import { usePaymentOutcome } from '@/features/payments/utils/outcome'

// SPEC point 9: the brand orange is the payment form's primary colour.
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

function returnUrl(bookingId: number) {
  return new URL(paths.paymentSuccess.getHref(bookingId), window.location.origin).toString()
}

function CheckoutForm({ booking }: { booking: ShipperBooking }) {
  const stripe = useStripe()
  const elements = useElements()
  const outcome = usePaymentOutcome(booking.id)
  const [elementReady, setElementReady] = React.useState(false)
  const [processing, setProcessing] = React.useState(false)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!stripe || !elements || !elementReady || processing) return
    setProcessing(true)
    try {
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl(booking.id) },
        redirect: 'if_required',
      })
      if (result.error) {
        if (result.error.type === 'card_error' || result.error.type === 'validation_error') {
          outcome.declined(result.error.message ?? 'Your card was declined.')
        } else {
          outcome.failed(new Error(result.error.message ?? ''))
        }
      } else {
        // succeeded (or still processing): the success page waits for the provider's webhook.
        setProcessing(false)
        outcome.succeeded()
        return
      }
    } catch (error) {
      outcome.failed(error)
    }
    setProcessing(false)
  }

  return (
    <form aria-label="Card payment" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <PaymentElement onReady={() => setElementReady(true)} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={!stripe || !elements || !elementReady || processing}>
          <Lock className="h-4 w-4" aria-hidden="true" />
          {processing ? 'Processing...' : `Pay ${formatCurrency(booking.totalAmount)}`}
        </Button>
      </div>
    </form>
  )
}

/** Stripe's Payment Element for the booking's PaymentIntent. */
export function StripePaymentForm({
  booking,
  clientSecret,
  publishableKey,
}: {
  booking: ShipperBooking
  clientSecret: string
  publishableKey: string | null
}) {
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
      <CheckoutForm booking={booking} />
    </Elements>
  )
}
