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

// The API reads pickup dates in business time (New York).
const BUSINESS_ZONE = 'America/New_York'

/**
 * Book a partner quote: pickup date and pallets, then on to the payment page. The pallet limit
 * and the default count are the server's (GET /api/platform/constants, docs/decisions/0201).
 */
export function BookQuoteDialog({ quote, onClose }: { quote: TmsQuote; onClose: () => void }) {
  const navigate = useNavigate()
  const load = usePlatformConstants().data?.load
  const [pickupDate, setPickupDate] = React.useState(() => todayInTimeZone(BUSINESS_ZONE))
  const [pallets, setPallets] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [message, setMessage] = React.useState<string | null>(null)
  const [busy, setBusy] = React.useState(false)

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    if (!pickupDate) {
      setErrors({ pickup_date: 'Pickup date is required' })
      return
    }
    setBusy(true)
    setErrors({})
    setMessage(null)
    try {
      const booked = await bookQuote(quote.id, {
        pickup_date: pickupDate,
        pallets: pallets.trim() === '' ? undefined : Number(pallets),
      })
      navigate(booked.payment_url)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (fields.pickup_date || fields.pallets) setErrors(fields)
      else setMessage(serverMessage(error, 'The quote could not be booked. Try again.'))
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
