import type * as React from 'react'
import { Clock } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { RatingSummary } from '@/components/ui/rating-summary'
import { formatCount, formatCurrency, formatDateTime, formatMiles } from '@/lib/format'
import type { BoardLoad } from '@/features/freight-board/api/types'
import {
  formatCountdown,
  formatDims,
  formatPlace,
  minutesLeft,
} from '@/features/freight-board/utils/format-load'
import { EQUIPMENT_LABELS, MODE_LABELS } from '@/config/freight-labels'

export type LoadAction = 'hold' | 'release' | 'claim'

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  )
}

/** One open load: lane, window, freight, price and what the carrier earns, Hold and Claim. */
export function BoardLoadCard({
  load,
  now,
  busy,
  barredBy = null,
  onAction,
  onOffer,
}: {
  load: BoardLoad
  now: number
  /** the action running on this load, if any */
  busy: LoadAction | null
  /** the id of the notice saying why this carrier cannot take loads; null when it can */
  barredBy?: string | null
  onAction: (load: BoardLoad, action: LoadAction) => void
  /** opens "Make an offer" (docs/decisions/0234); shown on loads whose shipper takes offers */
  onOffer?: (load: BoardLoad) => void
}) {
  const lane = `${formatPlace(load.origin)} → ${formatPlace(load.destination)}`
  const heldByOther = load.held && !load.held_by_you
  const barredNote = barredBy ? `${barredBy}-load-${load.id}` : undefined
  const why = barredBy ? `${barredNote} ${barredBy}` : undefined
  return (
    <li
      aria-label={`Load #${load.id}: ${lane}`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="font-semibold break-words text-slate-900">{lane}</p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
            <span>Shipper</span>
            <RatingSummary
              average={load.shipper_rating.average}
              count={load.shipper_rating.count}
            />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {load.funded ? <Badge variant="success">Funded</Badge> : null}
          {load.invited ? <Badge variant="info">Invited</Badge> : null}
          {heldByOther ? (
            <Badge variant="warning" className="normal-case">
              Held · {minutesLeft(load.hold_expires_at, now)} min left
            </Badge>
          ) : null}
          {load.held_by_you ? (
            <Badge variant="info" className="normal-case">
              <Clock className="mr-1 h-3 w-3" aria-hidden="true" />
              Held by you · {formatCountdown(load.hold_expires_at, now)} left
            </Badge>
          ) : null}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Detail label="Pickup">{formatDateTime(load.pickup_earliest) || 'Flexible'}</Detail>
        <Detail label="Delivery">{formatDateTime(load.delivery_latest) || 'Flexible'}</Detail>
        <Detail label="Equipment">{EQUIPMENT_LABELS[load.equipment]}</Detail>
        <Detail label="Mode">{MODE_LABELS[load.mode]}</Detail>
        <Detail label="Pallets">{formatCount(load.pallets)}</Detail>
        <Detail label="Weight">{formatCount(load.weight_lbs)} lbs</Detail>
        <Detail label="Dimensions">{formatDims(load.dims)}</Detail>
        <Detail label="Distance">{formatMiles(load.distance_miles)}</Detail>
      </dl>
      {load.notes ? <p className="text-sm text-slate-700">{load.notes}</p> : null}

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-3 sm:flex-row sm:items-end sm:justify-between">
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <Detail label="Price">{formatCurrency(load.price)}</Detail>
          <div className="min-w-0">
            <dt className="text-slate-600">You earn</dt>
            <dd className="font-semibold text-emerald-800">{formatCurrency(load.carrier_pay)}</dd>
          </div>
          <Detail label="Rate">{formatCurrency(load.rate_per_mile)}/mi</Detail>
        </dl>
        <div className="flex flex-wrap gap-2">
          {load.held_by_you ? (
            <Button
              variant="outline"
              size="sm"
              disabled={busy != null}
              aria-label={`${busy === 'release' ? 'Releasing...' : 'Release'} load #${load.id}`}
              onClick={() => onAction(load, 'release')}
            >
              {busy === 'release' ? 'Releasing...' : 'Release'}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              disabled={heldByOther || busy != null || barredBy !== null}
              aria-describedby={why}
              aria-label={`${busy === 'hold' ? 'Holding...' : 'Hold (30m)'} load #${load.id}`}
              onClick={() => onAction(load, 'hold')}
            >
              {busy === 'hold' ? 'Holding...' : 'Hold (30m)'}
            </Button>
          )}
          {load.offers_allowed && onOffer ? (
            <Button
              variant="outline"
              size="sm"
              disabled={heldByOther || busy != null || barredBy !== null}
              aria-describedby={why}
              aria-label={`Make an offer on load #${load.id}`}
              onClick={() => onOffer(load)}
            >
              Make an offer
            </Button>
          ) : null}
          <Button
            size="sm"
            disabled={heldByOther || busy != null || barredBy !== null}
            aria-describedby={why}
            aria-label={`${busy === 'claim' ? 'Claiming...' : 'Claim Load'} #${load.id}`}
            onClick={() => onAction(load, 'claim')}
          >
            {busy === 'claim' ? 'Claiming...' : 'Claim Load'}
          </Button>
        </div>
      </div>
      {barredNote ? (
        <p id={barredNote} className="-mt-2 text-xs text-red-800 sm:text-right">
          Not until your vetting passes: see above
        </p>
      ) : null}
    </li>
  )
}
