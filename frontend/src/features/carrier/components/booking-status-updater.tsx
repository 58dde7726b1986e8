import * as React from 'react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { bookingStatusLabel } from '@/components/ui/booking-status-badge'
import { toast } from '@/components/ui/use-toast'
import {
  CARRIER_STATUS_CHOICES,
  type BookingStatus,
  type CarrierBooking,
} from '@/features/carrier/api/get-carrier-bookings'
import { useUpdateBookingStatus } from '@/features/carrier/api/update-booking-status'
import { serverMessage } from '@/lib/api-errors'

const FINAL = new Set(['delivered', 'cancelled'])

/**
 * The carrier's status control: the updater choices, with those the server would not take from
 * here disabled (the status machine, in transit before the pickup day or window, and delivery
 * before its pickup or without a proof of delivery, with the server's reason shown;
 * docs/decisions/0166, 0221); Update only when the choice
 * differs; on failure the choice reverts. Render it with `key={booking.status}` so a new status
 * from the server resets the choice.
 */
export function BookingStatusUpdater({ booking }: { booking: CarrierBooking }) {
  const [selected, setSelected] = React.useState<BookingStatus>(booking.status)
  const [saving, setSaving] = React.useState(false)
  const update = useUpdateBookingStatus()
  const allowed = new Set(booking.allowedStatuses)
  const choices: readonly BookingStatus[] = (
    CARRIER_STATUS_CHOICES as readonly BookingStatus[]
  ).includes(booking.status)
    ? CARRIER_STATUS_CHOICES
    : [booking.status, ...CARRIER_STATUS_CHOICES]
  const selectId = `booking-status-${booking.id}`

  const onUpdate = async () => {
    setSaving(true)
    try {
      await update(booking.id, selected)
      toast({
        variant: 'success',
        title: 'Status Updated',
        description: `Booking status changed to ${bookingStatusLabel(selected)}`,
      })
    } catch (error) {
      setSelected(booking.status)
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessage(error, 'Failed to update booking status'),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="w-44">
        <label htmlFor={selectId} className="sr-only">
          Status for {booking.reference}
        </label>
        <NativeSelect
          id={selectId}
          value={selected}
          disabled={saving || allowed.size === 0}
          onChange={(e) => setSelected(e.target.value as BookingStatus)}
        >
          {choices.map((status) => (
            <option
              key={status}
              value={status}
              disabled={status !== booking.status && !allowed.has(status)}
            >
              {bookingStatusLabel(status)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button
        size="sm"
        className="h-10"
        aria-label={`Update status of ${booking.reference}`}
        disabled={saving || selected === booking.status}
        onClick={() => void onUpdate()}
      >
        {saving ? 'Updating...' : 'Update'}
      </Button>
      {booking.inTransitBlockedReason ? (
        <p className="w-full text-xs text-amber-800">
          {`In Transit is not open yet: ${booking.inTransitBlockedReason}`}
        </p>
      ) : null}
      {booking.deliveryBlockedReason ? (
        <p className="w-full text-xs text-amber-800">
          {`Delivered is not open yet: ${booking.deliveryBlockedReason}`}
        </p>
      ) : null}
      {allowed.size === 0 ? (
        <p className="w-full text-xs text-slate-500">
          {FINAL.has(booking.status)
            ? `${bookingStatusLabel(booking.status)} is final; no further changes.`
            : `No change is open to you while the booking is ${bookingStatusLabel(booking.status).toLowerCase()}.`}
        </p>
      ) : null}
    </div>
  )
}
