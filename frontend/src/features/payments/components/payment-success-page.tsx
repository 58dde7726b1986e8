import * as React from 'react'
import { Link } from 'react-router-dom'
import { CheckCircle2, Clock, SearchX, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { VettingChecks } from '@/components/vetting-checks'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { trackEvent } from '@/lib/analytics'
import { formatBookingReference, formatCurrency } from '@/lib/format'
import type { ShipperBooking } from '@/types/booking'
import { getPayableBooking } from '@/features/payments/api/payments'

/** The provider confirms by webhook; the page asks again every second, for about 20 s. */
export const POLL_INTERVAL_MS = 1000
export const POLL_LIMIT_MS = 20_000

type PollState =
  | { status: 'waiting'; booking: ShipperBooking | null }
  | { status: 'paid'; booking: ShipperBooking }
  | { status: 'timeout'; booking: ShipperBooking | null }
  | { status: 'not_found' }

function usePaidBooking(
  bookingId: string | null,
  whenPaid: (booking: ShipperBooking) => void
): PollState {
  const onPaid = React.useRef(whenPaid)
  onPaid.current = whenPaid
  const [state, setState] = React.useState<PollState>(
    bookingId ? { status: 'waiting', booking: null } : { status: 'not_found' }
  )
  React.useEffect(() => {
    if (!bookingId) {
      setState({ status: 'not_found' })
      return
    }
    let active = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const started = Date.now()
    setState({ status: 'waiting', booking: null })
    let last: ShipperBooking | null = null

    const poll = async () => {
      try {
        const booking = await getPayableBooking(bookingId)
        if (!active) return
        last = booking
        if (booking.paymentStatus === 'paid') {
          setState({ status: 'paid', booking })
          onPaid.current(booking)
          return
        }
        setState({ status: 'waiting', booking })
      } catch (error) {
        if (!active) return
        if (isApiError(error) && (error.status === 404 || error.status === 403)) {
          setState({ status: 'not_found' })
          return
        }
        // A transient failure: keep asking until the time is up.
      }
      if (Date.now() - started + POLL_INTERVAL_MS > POLL_LIMIT_MS) {
        setState({ status: 'timeout', booking: last })
        return
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS)
    }
    void poll()
    return () => {
      active = false
      if (timer) clearTimeout(timer)
    }
  }, [bookingId])
  return state
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{value || '—'}</dd>
    </div>
  )
}

function NextSteps() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Button asChild>
        <Link to={paths.shipper.getHref('bookings')}>View My Bookings</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.dashboard.getHref()}>Go to Dashboard</Link>
      </Button>
    </div>
  )
}

function CenteredCard({ children }: { children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        {children}
      </CardContent>
    </Card>
  )
}

/** /payment-success?booking={id}: waits for the confirmation, then reveals the carrier. */
export function PaymentSuccessPage({
  bookingId,
  redirectStatus = null,
  onPaid = () => {},
}: {
  bookingId: string
  /** Stripe adds `redirect_status` when it returns from a redirect-based confirmation. */
  redirectStatus?: string | null
  /** Runs once the booking is seen paid (the route refreshes the shipper's cached views). */
  onPaid?: (booking: ShipperBooking) => void
}) {
  const id = /^\d+$/.test(bookingId) ? bookingId : null
  const providerFailed = redirectStatus === 'failed'
  const state = usePaidBooking(providerFailed ? null : id, onPaid)

  React.useEffect(() => {
    if (state.status === 'paid') {
      trackEvent('purchase', {
        bookingId: state.booking.id,
        value: state.booking.totalAmount,
        currency: 'USD',
      })
    }
  }, [state])

  let content: React.ReactNode
  if (id && providerFailed) {
    content = (
      <CenteredCard>
        <XCircle className="h-12 w-12 text-red-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment Failed</h1>
        <p className="text-slate-600">
          Your card provider did not confirm the payment for booking {formatBookingReference(id)}.
          You have not been charged.
        </p>
        <Button asChild>
          <Link to={paths.payment.getHref(id)}>Try Again</Link>
        </Button>
      </CenteredCard>
    )
  } else if (state.status === 'not_found') {
    content = (
      <CenteredCard>
        <SearchX className="h-12 w-12 text-brand-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Booking Not Found</h1>
        <p className="text-slate-600">The booking for this payment could not be found.</p>
        <NextSteps />
      </CenteredCard>
    )
  } else if (state.status === 'waiting') {
    content = (
      <CenteredCard>
        <Spinner className="h-12 w-12" label="Confirming payment" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Confirming your payment...
        </h1>
        <p className="text-slate-600">
          We are waiting for the card provider to confirm the payment
          {id ? ` for booking ${formatBookingReference(id)}` : ''}.
        </p>
      </CenteredCard>
    )
  } else if (state.status === 'timeout') {
    const failure = state.booking?.paymentFailureMessage
    content = (
      <CenteredCard>
        <Clock className="h-12 w-12 text-brand-500" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Payment Not Confirmed Yet
        </h1>
        <p className="text-slate-600">
          {failure
            ? `The card provider reported: ${failure}`
            : `The card provider has not confirmed the payment for booking ${formatBookingReference(
                id ?? ''
              )} yet. It shows as Paid in My Bookings as soon as it is confirmed.`}
        </p>
        <NextSteps />
      </CenteredCard>
    )
  } else {
    const { booking } = state
    const carrier = booking.carrier
    content = (
      <>
        <CenteredCard>
          <CheckCircle2 className="h-12 w-12 text-emerald-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment Successful</h1>
          <p className="text-slate-600">
            Booking {formatBookingReference(booking.id)} is paid (
            {formatCurrency(booking.totalAmount)}) and your shipment is booked.
          </p>
        </CenteredCard>
        <Card role="region" aria-labelledby="carrier-heading">
          <CardHeader>
            <CardTitle>
              <span id="carrier-heading">Your Carrier</span>
            </CardTitle>
            <CardDescription>
              Now that the booking is paid, here is who moves your freight.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-1 gap-4 text-sm sm:grid-cols-2">
              <Detail label="Company" value={carrier?.companyName ?? booking.carrierName} />
              <Detail label="Contact" value={carrier?.contactName} />
              <Detail label="Phone" value={carrier?.phone} />
              <Detail label="Email" value={carrier?.email} />
              <Detail label="DOT number" value={carrier?.dotNumber} />
              <Detail label="MC number" value={carrier?.mcNumber} />
            </dl>
            {booking.carrierVetting ? (
              <div className="mt-4 border-t border-slate-100 pt-4">
                <VettingChecks
                  vetting={booking.carrierVetting}
                  title="Carrier vetting when booked"
                />
              </div>
            ) : null}
          </CardContent>
        </Card>
        <NextSteps />
      </>
    )
  }

  return <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">{content}</main>
}
