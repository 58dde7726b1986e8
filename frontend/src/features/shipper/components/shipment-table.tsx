import * as React from 'react'
import { Link } from 'react-router-dom'
import { CheckCircle2, CreditCard, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { PHONE_QUERY, useMediaQuery } from '@/hooks/use-media-query'
import { formatCalendarDate, formatCurrency } from '@/lib/format'
import { carrierDisplayName, type ShipperBooking } from '@/features/shipper/api/get-bookings'
import { useCancelBooking } from '@/features/shipper/api/cancel-booking'
import { useCompleteBooking } from '@/features/shipper/api/complete-booking'
import { PaymentBadge, StatusBadge } from '@/features/shipper/components/booking-badges'
import { CancelBookingDialog } from '@/features/shipper/components/cancel-booking-dialog'
import { PartnerRefs } from '@/features/shipper/components/partner-refs'
import { FreightLine } from '@/features/shipper/components/freight-line'
import { RateConfirmationLine } from '@/features/shipper/components/rate-confirmation-line'
import { DownloadBundleButton } from '@/components/download-bundle-button'
import { awaitsPayment, canComplete } from '@/features/shipper/utils/booking-status'
import { completionWords } from '@/features/shipper/utils/completion-words'
import { formatPaymentDue, PAYMENT_DEADLINE_NOTE } from '@/lib/payment-due'
import type { ClaimSlot } from '@/types/claim-slot'
import type { ReviewSlot } from '@/types/review-slot'
import { threadIsOpen, type MessageSlot } from '@/types/message-slot'

function place(city: string | null, state: string | null, fallback: string | null) {
  return [city, state].filter(Boolean).join(', ') || fallback || 'Unknown'
}

/**
 * 'Shipment Management': every booking with its dates, status, payment and total. Complete
 * appears only on delivered shipments not yet completed; Cancel where the server allows it;
 * Pay now, with the time the unpaid booking is released, while a booking awaits payment.
 */
export function ShipmentTable({
  bookings,
  reviewAction,
  messageAction,
  claimAction,
}: {
  bookings: ShipperBooking[]
  reviewAction?: ReviewSlot
  /** "Messages" on a paid booking (its thread with the carrier) */
  messageAction?: MessageSlot
  /** "File a claim" on delivered, paid bookings (decision 0233) */
  claimAction?: ClaimSlot
}) {
  const { complete, pendingId: completingId } = useCompleteBooking()
  const { cancel, pendingId: cancellingId } = useCancelBooking()
  const [toCancel, setToCancel] = React.useState<ShipperBooking | null>(null)
  // Completing may release the shipper's payment to the carrier: it is asked for first,
  // saying what it does to this booking's payout (decision 0220).
  const [toComplete, setToComplete] = React.useState<ShipperBooking | null>(null)
  const phone = useMediaQuery(PHONE_QUERY)
  const toCompleteWords = toComplete ? completionWords(toComplete) : null

  const onComplete = async (booking: ShipperBooking) => {
    // Said from the booking as the dialog showed it: the answer no longer offers completion.
    const words = completionWords(booking)
    try {
      await complete(booking.id)
      toast({
        variant: 'success',
        title: 'Shipment Completed',
        description: words.toast,
      })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Completion Failed',
        description:
          err instanceof Error && err.message ? err.message : 'Failed to complete shipment',
      })
    } finally {
      setToComplete(null)
    }
  }

  const onCancel = async (booking: ShipperBooking) => {
    try {
      await cancel(booking.id)
      toast({
        variant: 'success',
        title: 'Booking cancelled',
        description: `Booking ${booking.reference} has been cancelled.`,
      })
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Cancellation failed',
        description: err instanceof Error && err.message ? err.message : 'Failed to cancel booking',
      })
    } finally {
      setToCancel(null)
    }
  }

  /** A booking's actions, the same in the table and on a phone's card. */
  const actionsFor = (b: ShipperBooking) => (
    <div className="flex flex-col items-stretch gap-2">
      {awaitsPayment(b) ? (
        <Button asChild size="sm">
          <Link to={paths.payment.getHref(b.id)} aria-label={`Pay now for booking #${b.id}`}>
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            Pay now
          </Link>
        </Button>
      ) : null}
      {awaitsPayment(b) && formatPaymentDue(b.paymentDueAt) ? (
        <span
          className="whitespace-nowrap text-center text-xs text-amber-800"
          title={PAYMENT_DEADLINE_NOTE}
        >
          Pay by {formatPaymentDue(b.paymentDueAt)}
        </span>
      ) : null}
      {canComplete(b) ? (
        <Button
          size="sm"
          variant="success"
          aria-label={`Complete booking #${b.id}`}
          disabled={completingId === b.id}
          onClick={() => setToComplete(b)}
        >
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {completingId === b.id ? 'Completing...' : 'Complete'}
        </Button>
      ) : null}
      {messageAction && threadIsOpen(b.paymentStatus)
        ? messageAction({ id: b.id, reference: b.reference })
        : null}
      {b.status === 'delivered' && reviewAction
        ? reviewAction({
            id: b.id,
            reference: b.reference,
            deliveredAt: b.deliveredAt,
            completedAt: b.completedAt,
          })
        : null}
      {b.status === 'delivered' && b.paymentStatus === 'paid' && claimAction
        ? claimAction({ id: b.id, reference: b.reference })
        : null}
      {b.canCancel ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Cancel booking #${b.id}`}
          disabled={cancellingId === b.id}
          onClick={() => setToCancel(b)}
        >
          <XCircle className="h-4 w-4" aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
    </div>
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span id="shipment-management-heading">Shipment Management</span>
        </CardTitle>
        <CardDescription>
          Complete a delivered shipment to confirm it. Its payment goes to the carrier then, or by
          itself 48 hours after delivery.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {bookings.length === 0 ? (
          <EmptyState
            title="No bookings yet"
            description="Your bookings appear here once you book a carrier in Find Carriers."
            action={
              <Button asChild variant="outline" size="sm">
                <Link to={paths.shipper.getHref('search')}>Find Carriers</Link>
              </Button>
            }
          />
        ) : phone ? (
          // On a phone each booking is a card, its status, total and actions in view.
          <ul className="space-y-3" aria-labelledby="shipment-management-heading">
            {bookings.map((b) => (
              <li
                key={b.id}
                aria-label={`Booking #${b.id}`}
                className="space-y-3 rounded-lg border border-slate-200 p-3"
              >
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-semibold text-slate-900">#{b.id}</p>
                    <p className="text-xs text-slate-500">{b.reference}</p>
                  </div>
                  <p className="text-right font-semibold text-slate-900">
                    {formatCurrency(b.totalAmount)}
                    <span className="block text-xs font-normal text-slate-500">
                      {b.numberOfPallets} {b.numberOfPallets === 1 ? 'pallet' : 'pallets'}
                    </span>
                  </p>
                </div>
                <div className="text-sm text-slate-700">
                  {place(b.pickupCity, b.pickupState, b.pickupAddress)} →{' '}
                  {place(b.deliveryCity, b.deliveryState, b.deliveryAddress)}
                  <span className="block text-xs text-slate-500">{carrierDisplayName(b)}</span>
                  <PartnerRefs booking={b} />
                  <FreightLine booking={b} />
                  {b.paymentStatus === 'paid' && b.status !== 'cancelled' ? (
                    <RateConfirmationLine bookingId={b.id} />
                  ) : null}
                  {threadIsOpen(b.paymentStatus) ? (
                    <span className="block">
                      <DownloadBundleButton bookingId={b.id} reference={b.reference} asLink />
                    </span>
                  ) : null}
                </div>
                <p className="text-xs text-slate-700">
                  <span className="text-slate-500">Pickup</span> {formatCalendarDate(b.pickupDate)}{' '}
                  · <span className="text-slate-500">Delivery</span>{' '}
                  {formatCalendarDate(b.deliveryDate)}
                </p>
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={b.status} completedAt={b.completedAt} />
                  <PaymentBadge
                    paymentStatus={b.paymentStatus}
                    status={b.status}
                    cancellationFeeCents={b.cancellationFeeCents}
                  />
                </div>
                {actionsFor(b)}
              </li>
            ))}
          </ul>
        ) : (
          <Table aria-labelledby="shipment-management-heading">
            <TableHeader>
              <tr>
                <TableHead>ID</TableHead>
                <TableHead>Route</TableHead>
                <TableHead>Pallets</TableHead>
                <TableHead>Dates</TableHead>
                <TableHead>Status / Payment</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {bookings.map((b) => (
                <TableRow key={b.id} aria-label={`Booking #${b.id}`}>
                  <TableCell className="whitespace-nowrap font-semibold text-slate-900">
                    #{b.id}
                    <span className="block text-xs font-normal text-slate-500">{b.reference}</span>
                  </TableCell>
                  <TableCell className="min-w-[11rem]">
                    {place(b.pickupCity, b.pickupState, b.pickupAddress)} →{' '}
                    {place(b.deliveryCity, b.deliveryState, b.deliveryAddress)}
                    <span className="block text-xs text-slate-500">{carrierDisplayName(b)}</span>
                    <PartnerRefs booking={b} />
                    <FreightLine booking={b} />
                    {b.paymentStatus === 'paid' && b.status !== 'cancelled' ? (
                      <RateConfirmationLine bookingId={b.id} />
                    ) : null}
                    {threadIsOpen(b.paymentStatus) ? (
                      <span className="block">
                        <DownloadBundleButton bookingId={b.id} reference={b.reference} asLink />
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell>{b.numberOfPallets}</TableCell>
                  <TableCell className="whitespace-nowrap text-xs">
                    <span className="block">
                      <span className="text-slate-500">Pickup</span>{' '}
                      {formatCalendarDate(b.pickupDate)}
                    </span>
                    <span className="block">
                      <span className="text-slate-500">Delivery</span>{' '}
                      {formatCalendarDate(b.deliveryDate)}
                    </span>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-start gap-1">
                      <StatusBadge status={b.status} completedAt={b.completedAt} />
                      <PaymentBadge
                        paymentStatus={b.paymentStatus}
                        status={b.status}
                        cancellationFeeCents={b.cancellationFeeCents}
                      />
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right font-medium text-slate-900">
                    {formatCurrency(b.totalAmount)}
                  </TableCell>
                  <TableCell>{actionsFor(b)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CancelBookingDialog
        booking={toCancel}
        busy={toCancel != null && cancellingId === toCancel.id}
        onConfirm={(b) => void onCancel(b)}
        onClose={() => setToCancel(null)}
      />
      <ConfirmDialog
        open={toComplete != null}
        title={`Complete booking ${toComplete?.reference ?? ''}?`}
        description={toCompleteWords?.description ?? ''}
        confirmLabel={toCompleteWords?.confirmLabel ?? 'Complete booking'}
        busyLabel="Completing..."
        cancelLabel="Not yet"
        confirmVariant="success"
        busy={toComplete != null && completingId === toComplete.id}
        onConfirm={() => toComplete && void onComplete(toComplete)}
        onCancel={() => setToComplete(null)}
      />
    </Card>
  )
}
