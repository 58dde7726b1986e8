import * as React from 'react'
import { Lock, MapPin } from 'lucide-react'
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
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { AccessorialPicker } from '@/features/shipper/components/accessorial-picker'
import { toast } from '@/components/ui/use-toast'
import { isApiError } from '@/lib/api-client'
import type { SearchCriteria, SearchResult } from '@/features/shipper/api/search-listings'
import type { ShipperBooking } from '@/features/shipper/api/get-bookings'
import { createSubmissionKeys } from '@/lib/idempotency'
import { useCreateBooking } from '@/features/shipper/api/create-booking'
import { PriceBreakdown } from '@/features/shipper/components/price-breakdown'
import { BookingFreightSection, focusFirstFreightError } from '@/components/booking-freight-section'
import { formatBookingReference } from '@/lib/format'
import {
  bookingFreightErrors,
  checkBookingFreight,
  EMPTY_BOOKING_FREIGHT,
  toBookingFreight,
  type BookingFreightField,
  type BookingFreightValues,
} from '@/lib/booking-freight'
import {
  checkBookingDates,
  hasDateProblems,
  type BookingDatesCheck,
} from '@/features/shipper/utils/booking-dates'

type DateErrors = Pick<BookingDatesCheck, 'pickupDate' | 'deliveryDate'>
type FreightErrors = Partial<Record<BookingFreightField, string>>

function ReadOnlyLocation({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium leading-none text-slate-800">
        {label}
      </label>
      <div className="relative">
        <MapPin
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={id}
          readOnly
          value={value}
          className="flex h-10 w-full rounded-md border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm text-slate-700"
        />
      </div>
    </div>
  )
}

/**
 * Book a search result: the searched addresses (read-only), pickup and delivery dates, the
 * fixed price and optional instructions. The booking starts pending payment.
 */
export function CreateBookingDialog({
  result,
  criteria,
  today,
  onClose,
  onCreated,
}: {
  result: SearchResult
  criteria: SearchCriteria
  /** `YYYY-MM-DD` in the shipper time zone. */
  today: string
  onClose: () => void
  onCreated: (booking: ShipperBooking) => void
}) {
  const { create, isCreating } = useCreateBooking()
  const submissionKeys = React.useRef(createSubmissionKeys())
  const [pickupDate, setPickupDate] = React.useState(criteria.pickupDate)
  const [deliveryDate, setDeliveryDate] = React.useState('')
  const [instructions, setInstructions] = React.useState('')
  const [accessorials, setAccessorials] = React.useState<string[]>([])
  const [accessorialError, setAccessorialError] = React.useState<string | undefined>()
  const [missing, setMissing] = React.useState<string | null>(null)
  const [errors, setErrors] = React.useState<DateErrors>({})
  const [freight, setFreight] = React.useState<BookingFreightValues>(EMPTY_BOOKING_FREIGHT)
  const [freightErrors, setFreightErrors] = React.useState<FreightErrors>({})
  const setFreightField = (field: BookingFreightField, value: string) => {
    setFreight((v) => ({ ...v, [field]: value }))
    setFreightErrors((e) => ({ ...e, [field]: undefined }))
  }
  const label = result.carrierLabel || result.carrierName

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const check = checkBookingDates({
      pickupDate,
      deliveryDate,
      today,
      availableDate: result.availableDate,
    })
    setMissing(check.missing ?? null)
    setErrors({ pickupDate: check.pickupDate, deliveryDate: check.deliveryDate })
    if (hasDateProblems(check)) return
    const freightCheck = checkBookingFreight(freight)
    setFreightErrors(freightCheck)
    if (focusFirstFreightError(freightCheck)) return

    const input = {
      listingId: result.listingId ?? result.id,
      pickupAddress: criteria.pickupAddress,
      deliveryAddress: criteria.deliveryAddress,
      numberOfPallets: criteria.numberOfPallets,
      pickupDate,
      deliveryDate,
      ...(instructions.trim() ? { specialInstructions: instructions.trim() } : {}),
      ...(accessorials.length ? { accessorials } : {}),
      ...toBookingFreight(freight),
    }
    try {
      const booking = await create(input, submissionKeys.current.keyFor(input))
      toast({
        variant: 'success',
        title: 'Booking created successfully',
        description: `Your booking ${booking.reference || formatBookingReference(booking.id)} has been created.`,
      })
      onCreated(booking)
    } catch (err) {
      if (isApiError(err)) {
        const fieldErrors: DateErrors = {}
        for (const e of err.fieldErrors) {
          if (e.field === 'pickupDate' || e.field === 'deliveryDate')
            fieldErrors[e.field] = e.message
        }
        setErrors(fieldErrors)
        setAccessorialError(err.fieldErrors.find((e) => e.field === 'accessorials')?.message)
        const fromServer = bookingFreightErrors(err.fieldErrors)
        setFreightErrors(fromServer)
        focusFirstFreightError(fromServer)
      }
      toast({
        variant: 'destructive',
        title: 'Booking failed',
        description: err instanceof Error ? err.message : String(err),
      })
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !isCreating && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Create Booking</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-slate-700">{label}</span>
            <span className="mt-1 flex items-center gap-1.5 text-xs">
              <Lock className="h-3.5 w-3.5" aria-hidden="true" />
              The carrier&apos;s identity is revealed after payment.
            </span>
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} aria-label="Create Booking" className="space-y-4">
          {missing ? <Alert variant="error">{missing}</Alert> : null}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <ReadOnlyLocation
              id="booking-pickup-location"
              label="Pickup Location"
              value={criteria.pickupAddress}
            />
            <ReadOnlyLocation
              id="booking-delivery-location"
              label="Delivery Location"
              value={criteria.deliveryAddress}
            />
            <TextField
              id="booking-pickupDate"
              label="Pickup Date"
              type="date"
              min={
                result.availableDate && result.availableDate > today ? result.availableDate : today
              }
              value={pickupDate}
              onChange={(e) => {
                setPickupDate(e.target.value)
                setErrors((x) => ({ ...x, pickupDate: undefined }))
              }}
              error={errors.pickupDate}
            />
            <TextField
              id="booking-deliveryDate"
              label="Delivery Date"
              type="date"
              min={pickupDate || today}
              value={deliveryDate}
              onChange={(e) => {
                setDeliveryDate(e.target.value)
                setErrors((x) => ({ ...x, deliveryDate: undefined }))
              }}
              error={errors.deliveryDate}
            />
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <p className="mb-2 text-sm font-semibold text-slate-900">Pricing Summary</p>
            <PriceBreakdown
              label="Pricing summary"
              breakdown={result.priceBreakdown}
              pallets={criteria.numberOfPallets}
              miles={result.distance_miles}
              rate={result.ratePerMilePerPallet}
            />
          </div>
          <AccessorialPicker
            value={accessorials}
            onChange={setAccessorials}
            error={accessorialError}
          />
          <BookingFreightSection
            pallets={criteria.numberOfPallets}
            values={freight}
            errors={freightErrors}
            onChange={setFreightField}
            priceNote="The class does not change this price, which is per pallet."
          />
          <TextAreaField
            id="booking-specialInstructions"
            label="Special Instructions (optional)"
            placeholder="Dock hours, liftgate, contact on site..."
            value={instructions}
            maxLength={2000}
            onChange={(e) => setInstructions(e.target.value)}
            className="min-h-20"
          />
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={onClose} disabled={isCreating}>
              Cancel
            </Button>
            <Button type="submit" disabled={isCreating}>
              {isCreating ? 'Creating...' : 'Create Booking'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
