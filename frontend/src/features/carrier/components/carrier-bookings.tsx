import { LoadStates } from '@/components/load-states'
import * as React from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, ChevronRight, ClipboardList, Smartphone } from 'lucide-react'
import { paths } from '@/config/paths'
import { BookingStatusBadge } from '@/components/ui/booking-status-badge'
import { Button, buttonClassName } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  useCarrierBookings,
  type CarrierBooking,
} from '@/features/carrier/api/get-carrier-bookings'
import { BookingHistory } from '@/features/carrier/components/booking-history'
import { BookingStatusUpdater } from '@/features/carrier/components/booking-status-updater'
import { RateConfirmationCard } from '@/features/carrier/components/rate-confirmation-card'
import { DownloadBundleButton } from '@/components/download-bundle-button'
import { SectionHeader } from '@/features/carrier/components/section-header'
import type { ReviewSlot } from '@/types/review-slot'
import type { DriverSlot } from '@/types/driver-slot'
import { threadIsOpen, type MessageSlot } from '@/types/message-slot'
import { formatRoute } from '@/features/carrier/utils/format-route'
import {
  formatCalendarDate,
  formatCurrency,
  formatDate,
  formatMiles,
  formatStatus,
} from '@/lib/format'

function shipperName(booking: CarrierBooking) {
  const s = booking.shipper
  if (!s) return '—'
  return [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email
}

function BookingRow({
  booking,
  reviewAction,
  messageAction,
  driverAction,
  showMoney,
}: {
  booking: CarrierBooking
  reviewAction?: ReviewSlot
  messageAction?: MessageSlot
  driverAction?: DriverSlot
  showMoney: boolean
}) {
  const [open, setOpen] = React.useState(false)
  const historyId = `booking-history-${booking.id}`
  const facts: [string, string][] = [
    ['Pallets', String(booking.numberOfPallets)],
    ['Distance', booking.distance == null ? '—' : formatMiles(booking.distance)],
    ...(showMoney
      ? ([
          [
            'Rate/Mile/Pallet',
            booking.ratePerMilePerPallet == null
              ? '—'
              : formatCurrency(booking.ratePerMilePerPallet),
          ],
        ] as [string, string][])
      : []),
    ['Pickup date', formatCalendarDate(booking.pickupDate) || '—'],
    ['Expected delivery', formatCalendarDate(booking.expectedDeliveryDate) || '—'],
    ...(showMoney
      ? ([['Payment', formatStatus(booking.paymentStatus)]] as [string, string][])
      : []),
  ]
  const route = formatRoute(booking)
  // Street addresses only when they say more than the cities (a "Chicago, IL" booking does not).
  const addresses =
    booking.pickupAddress && booking.deliveryAddress
      ? `${booking.pickupAddress} → ${booking.deliveryAddress}`
      : null
  return (
    <li aria-label={booking.reference}>
      <Card className="space-y-4 p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold text-slate-900">{booking.reference}</span>
              <BookingStatusBadge status={booking.status} />
            </div>
            <p className="font-medium text-slate-700">{route}</p>
            {addresses && addresses !== route ? (
              <p className="text-sm text-slate-500">{addresses}</p>
            ) : null}
          </div>
          <div className="shrink-0 sm:text-right">
            {showMoney ? (
              <p className="text-lg font-semibold text-slate-900">
                {booking.totalAmount == null ? '—' : formatCurrency(booking.totalAmount)}
              </p>
            ) : null}
            <p className="text-xs text-slate-500">Booked {formatDate(booking.createdAt)}</p>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>

        {driverAction ? (
          driverAction(booking)
        ) : booking.driver ? (
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-800">Driver:</span>{' '}
            {[booking.driver.firstName, booking.driver.lastName].filter(Boolean).join(' ') ||
              booking.driver.email}
          </p>
        ) : null}
        <div className="text-sm text-slate-600">
          <span className="font-medium text-slate-800">Shipper:</span> {shipperName(booking)}
          {booking.shipper?.email ? ` · ${booking.shipper.email}` : ''}
          {booking.shipper?.phone ? ` · ${booking.shipper.phone}` : ''}
        </div>
        {booking.specialInstructions ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <span className="font-medium">Special instructions:</span> {booking.specialInstructions}
          </p>
        ) : null}

        {booking.status === 'cancelled' ? (
          <CancellationNote booking={booking} showMoney={showMoney} />
        ) : null}
        {showMoney && booking.paymentStatus === 'paid' && booking.status !== 'cancelled' ? (
          <RateConfirmationCard bookingId={booking.id} reference={booking.reference} />
        ) : null}

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-end sm:justify-between">
          <BookingStatusUpdater key={booking.status} booking={booking} />
          {['booked', 'confirmed', 'in_transit', 'delayed'].includes(booking.status) ? (
            <Link
              to={paths.driveBooking.getHref(booking.id)}
              className={buttonClassName('outline', 'sm')}
            >
              <Smartphone className="h-4 w-4" aria-hidden="true" /> Driver steps
            </Link>
          ) : null}
          {messageAction && threadIsOpen(booking.paymentStatus)
            ? messageAction({ id: booking.id, reference: booking.reference })
            : null}
          {threadIsOpen(booking.paymentStatus) ? (
            <DownloadBundleButton bookingId={booking.id} reference={booking.reference} />
          ) : null}
          {booking.status === 'delivered' && reviewAction
            ? reviewAction({
                id: booking.id,
                reference: booking.reference,
                deliveredAt: booking.deliveredAt,
                completedAt: booking.completedAt,
              })
            : null}
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={historyId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? (
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            )}
            Status history
          </Button>
        </div>
        {open ? (
          <div id={historyId}>
            <BookingHistory bookingId={booking.id} />
          </div>
        ) : null}
      </Card>
    </li>
  )
}

/**
 * A cancelled booking tells the carrier when it was cancelled and what it earns: the late-cancel
 * fee's share, paid out like any payout, or nothing (docs/decisions/0178).
 */
function CancellationNote({ booking, showMoney }: { booking: CarrierBooking; showMoney: boolean }) {
  const when = booking.cancelledAt ? ` on ${formatDate(booking.cancelledAt)}` : ''
  const share = booking.cancellationFeeShareCents ?? 0
  return (
    <p
      className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      data-testid="cancellation-note"
    >
      <span className="font-medium text-slate-900">Cancelled by the shipper{when}.</span>{' '}
      {!showMoney
        ? 'No truck is needed for it.'
        : share > 0
          ? `It was cancelled close to its pickup: you earn ${formatCurrency(share / 100)} of the ${formatCurrency((booking.cancellationFeeCents ?? 0) / 100)} late-cancel fee, paid out like any payout (see Payout History).`
          : 'No truck is needed and nothing is owed for it.'}
    </p>
  )
}

/**
 * Bookings: every booking on the carrier's trucks, each with its status control and history. A
 * driver member sees no money (`showMoney` false, decision 0246): the server sends none either.
 */
export function CarrierBookings({
  reviewAction,
  messageAction,
  driverAction,
  showMoney = true,
}: {
  reviewAction?: ReviewSlot
  messageAction?: MessageSlot
  driverAction?: DriverSlot
  showMoney?: boolean
} = {}) {
  const { data, error, isLoading, isValidating, mutate } = useCarrierBookings()
  return (
    <div className="space-y-6">
      <SectionHeader title="Bookings" description="Shipments booked on your trucks." />
      <LoadStates
        query={{ data, error, isLoading, isValidating, mutate }}
        loadingLabel="Loading bookings"
        errorTitle={'Could not load your bookings'}
        empty={{
          icon: ClipboardList,
          title: 'No bookings yet',
          description: 'When shippers book space on your listings, the bookings appear here.',
        }}
      >
        {(data) => (
          <ul className="space-y-4" aria-label="Bookings">
            {data.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                reviewAction={reviewAction}
                messageAction={messageAction}
                driverAction={driverAction}
                showMoney={showMoney}
              />
            ))}
          </ul>
        )}
      </LoadStates>
    </div>
  )
}
