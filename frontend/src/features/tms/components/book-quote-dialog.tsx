import * as React from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { TextField } from '@/components/ui/text-field'
import type { TmsQuote } from '@/features/tms/api/compare-quotes'
import { bookQuote } from '@/features/tms/api/book-quote'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { todayInTimeZone } from '@/lib/calendar-dates'
import { formatCount, formatCurrency } from '@/lib/format'
import { usePlatformConstants } from '@/lib/platform-constants'
import { BookingFreightSection, focusFirstFreightError } from '@/components/booking-freight-section'
import {
  bookingFreightErrors,
  checkBookingFreight,
  EMPTY_BOOKING_FREIGHT,
  toBookingFreight,
  type BookingFreightField,
  type BookingFreightValues,
} from '@/lib/booking-freight'
import { isApiError } from '@/lib/api-client'

// The API reads pickup dates in business time (New York).
const BUSINESS_ZONE = 'America/New_York'

/**
 * Book a partner quote: pickup date, pallets and what the freight is (docs/decisions/0257), then
 * on to the payment page. The pallet limit and the default count are the server's
 * (GET /api/platform/constants, docs/decisions/0201).
 */
export function BookQuoteDialog({
  quote,
  weightLbs,
  onClose,
}: {
  quote: TmsQuote
  /** the weight the quote was asked for; the freight's class is of it */
  weightLbs?: number
  onClose: () => void
}) {
  const navigate = useNavigate()
  const load = usePlatformConstants().data?.load
  const [pickupDate, setPickupDate] = React.useState(() => todayInTimeZone(BUSINESS_ZONE))
  const [pallets, setPallets] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [message, setMessage] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)
  const [freight, setFreight] = React.useState<BookingFreightValues>(EMPTY_BOOKING_FREIGHT)
  const [freightErrors, setFreightErrors] = React.useState<
    Partial<Record<BookingFreightField, string>>
  >({})
  const setFreightField = (field: BookingFreightField, value: string) => {
    setFreight((v) => ({ ...v, [field]: value }))
    setFreightErrors((e) => ({ ...e, [field]: undefined }))
  }
  // The pallets the partner is booked with: as typed, else one per started default pallet weight.
  const perPallet = load ? load.defaults.weightLbs / load.defaults.pallets : undefined
  const typedPallets = Number(pallets)
  const bookedPallets =
    pallets.trim() !== '' && Number.isInteger(typedPallets) && typedPallets >= 1
      ? typedPallets
      : weightLbs !== undefined && perPallet && load
        ? Math.min(load.trailerPallets, Math.max(1, Math.ceil(weightLbs / perPallet)))
        : 1

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    if (!pickupDate) {
      setErrors({ pickup_date: 'Pickup date is required' })
      return
    }
    const freightCheck = checkBookingFreight(freight)
    setFreightErrors(freightCheck)
    if (focusFirstFreightError(freightCheck)) return
    const declared = toBookingFreight(freight).freight
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      const booked = await bookQuote(quote.id, {
        pickup_date: pickupDate,
        pallets: pallets.trim() === '' ? undefined : Number(pallets),
        // The partner's weight is the quote's: only what the freight is goes with it.
        ...(declared ? { freight: declared } : {}),
      })
      navigate(booked.payment_url)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      const onFreight = isApiError(error) ? bookingFreightErrors(error.fieldErrors) : {}
      if (fields.pickup_date || fields.pallets) setErrors(fields)
      else if (Object.keys(onFreight).length > 0) {
        setFreightErrors(onFreight)
        focusFirstFreightError(onFreight)
      } else setMessage(serverMessage(error, 'The quote could not be booked. Try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Book {quote.carrier}</DialogTitle>
          <DialogDescription>
            {formatCurrency(quote.total)}, paid on the next page. The carrier confirms the pickup
            window.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} aria-label="Book quote" className="space-y-4">
          <TextField
            id="book-pickup-date"
            label="Pickup date"
            type="date"
            value={pickupDate}
            onChange={(e) => setPickupDate(e.target.value)}
            error={errors.pickup_date}
          />
          <TextField
            id="book-pallets"
            label="Pallets (optional)"
            type="number"
            min={1}
            max={load?.trailerPallets}
            hint={
              load
                ? `Default: one per started ${formatCount(load.defaults.weightLbs / load.defaults.pallets)} lb, at most ${load.trailerPallets}`
                : 'Default: counted from the quote’s weight'
            }
            value={pallets}
            onChange={(e) => setPallets(e.target.value)}
            error={errors.pallets}
          />
          {weightLbs !== undefined ? (
            <BookingFreightSection
              pallets={bookedPallets}
              values={freight}
              errors={freightErrors}
              onChange={setFreightField}
              fixedWeightLbs={weightLbs}
              priceNote="The quote’s price stands; the carrier may re-class freight that differs."
            />
          ) : null}
          {message ? (
            <Alert variant="error" title="Not booked">
              {message}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Booking...' : 'Book and pay'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
