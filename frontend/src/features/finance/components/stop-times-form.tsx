import * as React from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { formatCurrency, formatDateTime } from '@/lib/format'
import { useChargeActions, type BookingCharges } from '@/features/finance/api/booking-charges'
import { useAction } from '@/features/finance/hooks/use-action'

type Stop = 'PICKUP' | 'DELIVERY'
const STOPS: Stop[] = ['PICKUP', 'DELIVERY']

/** `2026-03-04T13:00` from a datetime-local input, as an ISO moment in the browser's zone. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : '')

/** Check-in and check-out at each stop, the detention they give, and billing it. */
export function StopTimesForm({
  bookingId,
  charges,
  locked,
}: {
  bookingId: number
  charges: BookingCharges
  locked: boolean
}) {
  return (
    <section aria-label="Check-in and check-out" className="space-y-3">
      <h3 className="font-semibold text-slate-900">Check-in and check-out</h3>
      <p className="text-sm text-slate-600">
        Detention: {charges.freeMinutes / 60} hours free, then{' '}
        {charges.detentionHourlyRate === null ? '—' : formatCurrency(charges.detentionHourlyRate)}{' '}
        an hour per started quarter hour.
      </p>
      {STOPS.map((stop) => (
        <StopRow key={stop} bookingId={bookingId} stop={stop} charges={charges} locked={locked} />
      ))}
    </section>
  )
}

function StopRow({
  bookingId,
  stop,
  charges,
  locked,
}: {
  bookingId: number
  stop: Stop
  charges: BookingCharges
  locked: boolean
}) {
  const recorded = charges.stops.find((s) => s.stop === stop)
  const { recordStop, addDetention } = useChargeActions(bookingId)
  const { busy, errors, run } = useAction()
  const [arrived, setArrived] = React.useState('')
  const [departed, setDeparted] = React.useState('')
  const label = stop === 'PICKUP' ? 'Pickup' : 'Delivery'
  const id = `stop-${stop.toLowerCase()}`
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3">
      <p className="font-medium text-slate-900">{label}</p>
      {recorded ? (
        <p className="text-sm text-slate-700" data-testid={`${id}-recorded`}>
          Arrived {formatDateTime(recorded.arrivedAt)}, departed{' '}
          {formatDateTime(recorded.departedAt)} ({Math.floor(recorded.dwellMinutes / 60)} h{' '}
          {recorded.dwellMinutes % 60} min). Detention: {recorded.detentionHours} h,{' '}
          {formatCurrency(recorded.detentionAmount)}
          {recorded.detentionBilled ? ' (billed)' : ''}
        </p>
      ) : null}
      {!locked && !recorded?.detentionBilled ? (
        <form
          className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          aria-label={`${label} times`}
          onSubmit={(event) => {
            event.preventDefault()
            void run(
              () => recordStop({ stop, arrivedAt: toIso(arrived), departedAt: toIso(departed) }),
              `${label} times saved`
            )
          }}
        >
          <TextField
            id={`${id}-arrived`}
            label="Arrived"
            type="datetime-local"
            value={arrived}
            onChange={(e) => setArrived(e.target.value)}
            error={errors.arrivedAt}
            required
          />
          <TextField
            id={`${id}-departed`}
            label="Departed"
            type="datetime-local"
            value={departed}
            onChange={(e) => setDeparted(e.target.value)}
            error={errors.departedAt}
            required
          />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            Save times
          </Button>
        </form>
      ) : null}
      {!locked && recorded && recorded.detentionHours > 0 && !recorded.detentionBilled ? (
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void run(() => addDetention(stop), 'Detention added')}
        >
          Bill detention ({formatCurrency(recorded.detentionAmount)})
        </Button>
      ) : null}
      {errors.stop ? (
        <p className="text-sm text-red-600" role="alert">
          {errors.stop}
        </p>
      ) : null}
    </div>
  )
}
