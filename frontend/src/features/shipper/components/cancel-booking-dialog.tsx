import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useCancellationQuote, type CancellationQuote } from '@/features/shipper/api/cancel-booking'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'
import { formatCalendarDate, formatCurrency } from '@/lib/format'

const dollars = (cents: number) => formatCurrency(cents / 100)

/** The pickup's start as the business reads it (America/New_York): `Nov 28, 12:00 AM EST`. */
const pickupTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })

/**
 * Asks before cancelling, with what the cancellation policy does to this booking now
 * (docs/decisions/0178): the refund and when it reaches the card, the late-cancel fee and the
 * carrier's share of it, and what becomes of a freight-board load (back on the board: no
 * listing's pallet space to free, and a refund only when it was paid). The figures are the
 * server's; the cancel applies the server's own at that moment.
 */
export function CancelBookingDialog({
  booking,
  busy,
  onConfirm,
  onClose,
}: {
  booking: ShipperBooking | null
  busy: boolean
  onConfirm: (booking: ShipperBooking) => void
  onClose: () => void
}) {
  const { data: quote, error, isLoading, mutate } = useCancellationQuote(booking?.id ?? null)
  const ready = quote != null && quote.bookingId === booking?.id && !error
  const backOnBoard = ready && quote.load === 'back_on_board_unfunded'
  const confirmLabel =
    ready && quote.refundCents > 0
      ? `Cancel and refund ${dollars(quote.refundCents)}`
      : 'Cancel booking'
  return (
    <ConfirmDialog
      open={booking != null}
      title={`Cancel booking ${booking?.reference ?? ''}?`}
      description={
        backOnBoard
          ? 'The carrier is told by email and your load goes back on the freight board. A cancelled booking cannot be restored.'
          : 'The carrier is told by email and the reserved pallet space goes back to it. A cancelled booking cannot be restored.'
      }
      confirmLabel={confirmLabel}
      busyLabel="Cancelling..."
      cancelLabel="Keep booking"
      busy={busy}
      confirmDisabled={!ready || !quote.cancellable}
      onConfirm={() => booking && onConfirm(booking)}
      onCancel={onClose}
    >
      <div aria-live="polite" data-testid="cancellation-terms">
        {error ? (
          <div className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>
              The cancellation terms could not be loaded, so the booking cannot be cancelled yet.
            </p>
            <Button size="sm" variant="outline" onClick={() => void mutate()}>
              Try again
            </Button>
          </div>
        ) : !ready || isLoading ? (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
            Checking the refund and any fee for this booking...
          </p>
        ) : (
          <CancellationTerms quote={quote} />
        )}
      </div>
    </ConfirmDialog>
  )
}

function CancellationTerms({ quote }: { quote: CancellationQuote }) {
  if (!quote.cancellable) {
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        {quote.refusal ?? 'This booking can no longer be cancelled.'}
      </p>
    )
  }
  const pickup = quote.pickupStartsAt ? pickupTime(quote.pickupStartsAt) : null
  // A pickup whose time has come: the fee is for cancelling after it, not "within" its window.
  const pickupPassed =
    quote.pickupStartsAt !== null && Date.parse(quote.pickupStartsAt) <= Date.now()
  return (
    <dl className="space-y-2 rounded-md border border-slate-200 p-3 text-sm">
      {quote.paid ? (
        <>
          <Row label="Refund to your card">
            <span className="font-semibold text-slate-900">{dollars(quote.refundCents)}</span>
            {quote.refundArrivesBy ? (
              <span className="block text-xs text-slate-500">
                Issued now; it reaches your card by {formatCalendarDate(quote.refundArrivesBy)}.
              </span>
            ) : null}
          </Row>
          {quote.feeCents > 0 ? (
            <Row label="Late-cancel fee">
              <span className="font-semibold text-red-700">{dollars(quote.feeCents)}</span>
              <span className="block text-xs text-slate-500">
                {pickupPassed
                  ? 'Cancelling after the pickup time'
                  : `Cancelling within ${quote.lateCancelWindowHours} hours of the pickup`}
                {pickup ? ` (${pickup})` : ''} keeps this fee from your payment.{' '}
                {dollars(quote.carrierFeeCents)} of it is paid to the carrier for the truck it held.
              </span>
            </Row>
          ) : (
            <Row label="Fee">
              <span className="font-semibold text-slate-900">None</span>
              <span className="block text-xs text-slate-500">
                More than {quote.lateCancelWindowHours} hours before the pickup
                {pickup ? ` (${pickup})` : ''}.
              </span>
            </Row>
          )}
        </>
      ) : (
        <Row label="Payment">
          <span className="font-semibold text-slate-900">Nothing was charged</span>
          <span className="block text-xs text-slate-500">
            Nothing is refunded and no fee is due.
          </span>
        </Row>
      )}
      {quote.load === 'back_on_board_unfunded' ? (
        <Row label="Your load">
          <span className="text-slate-900">
            Goes back on the freight board, open and unfunded, for another carrier to claim.
          </span>
          <span className="block text-xs text-slate-500">
            {quote.paid ? 'Its funding is part of this refund. ' : ''}Cancel the load in My Posted
            Loads if it no longer needs to move.
          </span>
        </Row>
      ) : null}
    </dl>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8.5rem_1fr] sm:gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
