import * as React from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { CheckCircle2, SearchX } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { trackEvent } from '@/lib/analytics'
import { formatBookingReference, formatCityState, formatCurrency, formatMiles } from '@/lib/format'
import type { ShipperBooking } from '@/types/booking'
import {
  createPaymentIntent,
  usePayableBooking,
  usePaymentsConfig,
} from '@/features/payments/api/payments'
import {
  CardPaymentForm,
  PaymentSetupFailed,
  SettingUpPayment,
} from '@/features/payments/components/card-payment-form'
import { formatPaymentDue, PAYMENT_DEADLINE_NOTE } from '@/lib/payment-due'

function PageShell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">{children}</main>
}

function MessageCard({
  title,
  text,
  icon: Icon,
}: {
  title: string
  text: string
  icon: typeof SearchX
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <Icon className="h-10 w-10 text-brand-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="text-slate-600">{text}</p>
        <Button asChild variant="outline" className="mt-2">
          <Link to={paths.dashboard.getHref()}>Back to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  )
}

function SummaryRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * Booking ID, route, pallets, distance, rate and the total about to be charged, and the time
 * the pallets stop being held for an unpaid booking.
 */
export function BookingSummaryCard({ booking }: { booking: ShipperBooking }) {
  const from = formatCityState(booking.pickupCity, booking.pickupState) || booking.pickupAddress
  const to = formatCityState(booking.deliveryCity, booking.deliveryState) || booking.deliveryAddress
  const payBy = formatPaymentDue(booking.paymentDueAt)
  return (
    <Card aria-labelledby="booking-summary-heading" role="region">
      <CardHeader>
        <CardTitle>
          <span id="booking-summary-heading">Booking Summary</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100 text-sm">
          <SummaryRow label="Booking ID">{formatBookingReference(booking.id)}</SummaryRow>
          <SummaryRow label="Route">
            {from} to {to}
          </SummaryRow>
          <SummaryRow label="Pallets">{booking.numberOfPallets}</SummaryRow>
          <SummaryRow label="Distance">{formatMiles(booking.distance)}</SummaryRow>
          <SummaryRow label="Rate per mile per pallet">
            {formatCurrency(booking.ratePerMilePerPallet)}
          </SummaryRow>
          <div className="flex justify-between gap-4 pt-3 text-base">
            <dt className="font-semibold text-slate-900">Total Amount</dt>
            <dd className="font-bold text-brand-700">{formatCurrency(booking.totalAmount)}</dd>
          </div>
        </dl>
        {payBy ? (
          <div className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
            <p className="font-semibold text-amber-900">Pay by {payBy}</p>
            <p className="text-amber-800">{PAYMENT_DEADLINE_NOTE}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

type IntentState =
  { status: 'loading' } | { status: 'ready'; clientSecret: string } | { status: 'error' }

/** Obtains the booking's client secret once (the server reuses the intent on a retry). */
function usePaymentIntent(booking: ShipperBooking): IntentState {
  const [state, setState] = React.useState<IntentState>({ status: 'loading' })
  const { id, totalAmount } = booking
  React.useEffect(() => {
    let active = true
    setState({ status: 'loading' })
    createPaymentIntent(id, totalAmount ?? 0).then(
      (intent) => {
        if (active) setState({ status: 'ready', clientSecret: intent.clientSecret })
      },
      (error: unknown) => {
        // docs/spec.md §8: the failure is only logged; the form says it could not be set up.
        console.error('Failed to create payment intent', error)
        if (active) setState({ status: 'error' })
      }
    )
    return () => {
      active = false
    }
  }, [id, totalAmount])
  return state
}

/** docs/spec.md §8: a paid booking toasts, then goes to the success page that waits for it. */
function useBookingPaid(bookingId: number) {
  const navigate = useNavigate()
  return React.useCallback(() => {
    toast({
      variant: 'success',
      title: 'Payment Successful',
      description: 'Your payment has been processed successfully.',
    })
    navigate(paths.paymentSuccess.getHref(bookingId))
  }, [bookingId, navigate])
}

/** How long after a failed attempt the booking is read once more: Stripe's webhook may lag. */
const FAILURE_RECHECK_MS = 3000

/**
 * Reads the booking again after a failed attempt, at once and a moment later, so "Your last
 * payment attempt failed" appears without a reload (docs/decisions/0189).
 */
function useRecheckAfterFailure(revalidate: () => void) {
  const timer = React.useRef<ReturnType<typeof setTimeout> | null>(null)
  React.useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )
  return React.useCallback(() => {
    revalidate()
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(revalidate, FAILURE_RECHECK_MS)
  }, [revalidate])
}

function PaymentFormCard({ booking, onFailed }: { booking: ShipperBooking; onFailed: () => void }) {
  const intent = usePaymentIntent(booking)
  // Asked alongside the intent rather than after it; the card form reads the same answer.
  const config = usePaymentsConfig()
  const onPaid = useBookingPaid(booking.id)

  React.useEffect(() => {
    trackEvent('begin_checkout', {
      bookingId: booking.id,
      value: booking.totalAmount,
      currency: 'USD',
    })
  }, [booking.id, booking.totalAmount])

  let body: React.ReactNode
  if (intent.status === 'error' || config.error) {
    body = <PaymentSetupFailed />
  } else if (intent.status === 'loading' || !config.data) {
    // One placeholder until both answers are in, rather than one per wait.
    body = <SettingUpPayment />
  } else {
    body = (
      <CardPaymentForm
        clientSecret={intent.clientSecret}
        amount={booking.totalAmount ?? 0}
        onSucceeded={onPaid}
        onFailed={onFailed}
        returnPath={paths.paymentSuccess.getHref(booking.id)}
        cancel={
          <Button asChild variant="outline">
            <Link to={paths.dashboard.getHref()}>Cancel</Link>
          </Button>
        }
      />
    )
  }

  return (
    <Card aria-labelledby="payment-details-heading" role="region">
      <CardHeader>
        <CardTitle>
          <span id="payment-details-heading">Payment Details</span>
        </CardTitle>
        <CardDescription>
          Pay by card. The carrier is paid once you confirm delivery.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  )
}

/** /payment/:bookingId: the booking summary and the card payment form. */
export function PaymentPage({ bookingId }: { bookingId: string }) {
  const id = /^\d+$/.test(bookingId) ? bookingId : null
  const { data: booking, error, isLoading, mutate } = usePayableBooking(id)
  const onFailed = useRecheckAfterFailure(React.useCallback(() => void mutate(), [mutate]))

  if (id && isLoading) {
    return (
      <PageShell>
        <div role="status" aria-busy="true" aria-label="Loading booking" className="space-y-6">
          <Skeleton className="h-9 w-64" />
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      </PageShell>
    )
  }
  if (!id || error || !booking) {
    return (
      <PageShell>
        <MessageCard
          icon={SearchX}
          title="Booking Not Found"
          text="The booking you're trying to pay for could not be found."
        />
      </PageShell>
    )
  }
  if (booking.paymentStatus === 'paid') {
    return (
      <PageShell>
        <MessageCard
          icon={CheckCircle2}
          title="Payment Already Completed"
          text="This booking has already been paid for."
        />
      </PageShell>
    )
  }
  return (
    <PageShell>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Complete Payment</h1>
        <p className="mt-1 text-slate-600">
          Pay for booking {formatBookingReference(booking.id)} to confirm your shipment.
        </p>
      </div>
      {booking.paymentFailureMessage ? (
        <Alert variant="error" title="Your last payment attempt failed">
          {booking.paymentFailureMessage}
        </Alert>
      ) : null}
      <BookingSummaryCard booking={booking} />
      <PaymentFormCard booking={booking} onFailed={onFailed} />
    </PageShell>
  )
}
