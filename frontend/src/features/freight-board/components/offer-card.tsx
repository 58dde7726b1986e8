import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { RatingSummary } from '@/components/ui/rating-summary'
import { toast } from '@/components/ui/use-toast'
import { serverMessageOf } from '@/lib/api-errors'
import { formatCurrency, formatDateTime } from '@/lib/format'
import {
  LANE_POSITION_LABELS,
  OFFER_STATUS_LABELS,
  acceptOffer,
  counterOffer,
  declineOffer,
  withdrawOffer,
  type FreightOffer,
} from '@/features/freight-board/api/offers'
import { OfferForm } from '@/features/freight-board/components/offer-form'
import { formatPlace } from '@/features/freight-board/utils/format-load'

const STATUS_VARIANT: Record<
  FreightOffer['status'],
  'info' | 'success' | 'secondary' | 'warning' | 'destructive'
> = {
  PENDING: 'info',
  ACCEPTED: 'success',
  DECLINED: 'secondary',
  WITHDRAWN: 'secondary',
  CLOSED: 'secondary',
  EXPIRED: 'warning',
}

const dollars = (cents: number) => formatCurrency(cents / 100)

/**
 * One offer as a party sees it, with what that party may do now: on its turn accept (asked
 * first: it books the load and cannot be undone), decline or counter; the carrier may withdraw a
 * pending offer. `onChanged` refetches after each step (the other party hears it live).
 */
export function OfferCard({
  offer,
  side,
  onChanged,
}: {
  offer: FreightOffer
  side: 'shipper' | 'carrier'
  onChanged: () => void
}) {
  const [countering, setCountering] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const [busy, setBusy] = React.useState<null | 'accept' | 'decline' | 'withdraw'>(null)
  const myTurn = offer.status === 'PENDING' && offer.turn === side
  const myCounters = side === 'shipper' ? offer.counters.shipper : offer.counters.carrier
  const canCounter = myTurn && myCounters < offer.counters.max
  const who = side === 'shipper' ? offer.carrier_label : 'Shipper'
  const lane = `${formatPlace(offer.load.origin)} → ${formatPlace(offer.load.destination)}`

  const run = async (action: 'accept' | 'decline' | 'withdraw') => {
    setBusy(action)
    try {
      if (action === 'accept') {
        const result = await acceptOffer(offer.id)
        toast({
          variant: 'success',
          title: 'Offer accepted: the load is booked',
          description: `Booking ${result.reference} at ${dollars(offer.amount_cents)}`,
        })
      } else if (action === 'decline') {
        await declineOffer(offer.id)
        toast({ title: 'Offer declined' })
      } else {
        await withdrawOffer(offer.id)
        toast({ title: 'Offer withdrawn' })
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `Could not ${action} the offer`,
        description: serverMessageOf(error) ?? 'The offer changed: showing how it stands now',
      })
    } finally {
      setBusy(null)
      setConfirming(false)
      onChanged()
    }
  }

  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3"
      aria-label={`Offer #${offer.id}: ${dollars(offer.amount_cents)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {side === 'carrier' ? (
            <p className="font-semibold break-words text-slate-900">
              {lane}{' '}
              <span className="font-normal text-slate-600">· listing #{offer.listing_id}</span>
            </p>
          ) : (
            <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
              <span>{who}</span>
              {offer.carrier_rating ? (
                <RatingSummary
                  average={offer.carrier_rating.average}
                  count={offer.carrier_rating.count}
                  onTimeRate={offer.carrier_rating.on_time_rate}
                />
              ) : null}
            </p>
          )}
          <p className="text-sm text-slate-600">
            {offer.last_by === side ? 'Your' : side === 'shipper' ? 'Their' : 'Shipper’s'}{' '}
            {offer.counters.carrier + offer.counters.shipper === 0 ? 'offer' : 'counter'}:{' '}
            <strong className="text-slate-900">{dollars(offer.amount_cents)}</strong>
            {' · '}posted price {dollars(offer.load.price_cents)}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{side === 'carrier' ? 'You earn' : 'Carrier earns'}</dt>
          <dd className="font-medium text-emerald-800">{dollars(offer.carrier_pay_cents)}</dd>
        </div>
        {offer.lane_position ? (
          <div>
            <dt className="text-slate-600">Against the lane</dt>
            <dd className="font-medium text-slate-900">
              {LANE_POSITION_LABELS[offer.lane_position]}
            </dd>
          </div>
        ) : null}
        {offer.status === 'PENDING' ? (
          <div>
            <dt className="text-slate-600">Stands until</dt>
            <dd className="font-medium text-slate-900">{formatDateTime(offer.expires_at)}</dd>
          </div>
        ) : null}
        {offer.booking_reference ? (
          <div>
            <dt className="text-slate-600">Booking</dt>
            <dd className="font-medium text-slate-900">{offer.booking_reference}</dd>
          </div>
        ) : null}
      </dl>
      {offer.note ? (
        <p className="mt-2 text-sm break-words text-slate-700">“{offer.note}”</p>
      ) : null}
      {offer.message ? <p className="mt-2 text-sm text-slate-700">{offer.message}</p> : null}
      {offer.status === 'PENDING' && !myTurn ? (
        <p className="mt-2 text-sm text-slate-600">
          Waiting for the {side === 'shipper' ? 'carrier' : 'shipper'} to answer.
        </p>
      ) : null}

      {countering ? (
        <div className="mt-3 rounded-md border border-slate-200 p-3">
          <OfferForm
            idPrefix={`counter-${offer.id}`}
            submitLabel="Send counter"
            busyLabel="Sending..."
            initialCents={offer.amount_cents}
            showCarrierPay={side === 'carrier'}
            onCancel={() => setCountering(false)}
            onSubmit={async (input) => {
              await counterOffer(offer.id, input)
              toast({ title: 'Counter sent' })
              setCountering(false)
              onChanged()
            }}
          />
        </div>
      ) : null}

      {(myTurn || (side === 'carrier' && offer.status === 'PENDING')) && !countering ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {myTurn ? (
            <>
              <Button size="sm" disabled={busy !== null} onClick={() => setConfirming(true)}>
                Accept {dollars(offer.amount_cents)}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void run('decline')}
              >
                {busy === 'decline' ? 'Declining...' : 'Decline'}
              </Button>
              {canCounter ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => setCountering(true)}
                >
                  Counter ({offer.counters.max - myCounters} left)
                </Button>
              ) : null}
            </>
          ) : null}
          {side === 'carrier' ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy !== null}
              onClick={() => void run('withdraw')}
            >
              {busy === 'withdraw' ? 'Withdrawing...' : 'Withdraw'}
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirming}
        title={`Accept ${dollars(offer.amount_cents)} for listing #${offer.listing_id}?`}
        description={`The load is booked at ${dollars(offer.amount_cents)} (the carrier earns ${dollars(offer.carrier_pay_cents)}) and every other offer on it closes. This cannot be undone.`}
        confirmLabel={`Accept and book at ${dollars(offer.amount_cents)}`}
        busyLabel="Booking..."
        cancelLabel="Not yet"
        confirmVariant="default"
        busy={busy === 'accept'}
        onConfirm={() => void run('accept')}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}
