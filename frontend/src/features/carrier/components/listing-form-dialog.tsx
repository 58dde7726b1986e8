import * as React from 'react'
import { Link } from 'react-router-dom'
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
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { paths } from '@/config/paths'
import { useCreateListing } from '@/features/carrier/api/create-listing'
import { useTrucks } from '@/features/carrier/api/get-trucks'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatTruckName } from '@/features/carrier/utils/format-route'
import {
  listingFormDefaults,
  toListingInput,
  validateListingForm,
  type ListingFormErrors,
  type ListingFormValues,
} from '@/features/carrier/utils/listing-form'

function ListingForm({ onDone }: { onDone: () => void }) {
  const trucks = useTrucks()
  const create = useCreateListing()
  const [values, setValues] = React.useState<ListingFormValues>(listingFormDefaults)
  const [errors, setErrors] = React.useState<ListingFormErrors>({})
  const [saving, setSaving] = React.useState(false)

  const truck = trucks.data?.find((t) => String(t.id) === values.truckId)

  const set =
    (field: keyof ListingFormValues) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }))

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    const found = validateListingForm(values, truck?.capacity)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setSaving(true)
    try {
      await create(toListingInput(values))
      toast({ variant: 'success', title: 'Listing created successfully' })
      onDone()
    } catch (error) {
      setErrors(fieldErrorsOf(error) as ListingFormErrors)
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error, 'Failed to create listing'),
      })
    } finally {
      setSaving(false)
    }
  }

  const field = (name: keyof ListingFormValues) => ({
    value: values[name],
    onChange: set(name),
    error: errors[name],
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create listing">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          id="listing-truck"
          label="Truck"
          error={errors.truckId}
          hint={truck ? `Holds up to ${truck.capacity} pallets.` : undefined}
          className="sm:col-span-2"
        >
          {trucks.isLoading ? (
            <Skeleton className="h-10 w-full" />
          ) : (
            <NativeSelect
              id="listing-truck"
              value={values.truckId}
              onChange={set('truckId')}
              aria-invalid={errors.truckId ? true : undefined}
              aria-describedby={errors.truckId ? 'listing-truck-error' : undefined}
            >
              <option value="">Select a truck</option>
              {(trucks.data ?? []).map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {formatTruckName(t)} · {t.licensePlate} · {t.capacity} pallets
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {trucks.data && trucks.data.length === 0 ? (
          <Alert variant="info" className="sm:col-span-2">
            You have no trucks yet.{' '}
            <Link to={paths.carrier.getHref('trucks')} className="font-medium underline">
              Add a truck
            </Link>{' '}
            first.
          </Alert>
        ) : null}
        {trucks.error ? (
          <Alert variant="error" className="sm:col-span-2">
            Could not load your trucks: {serverMessage(trucks.error, 'please try again')}
          </Alert>
        ) : null}
        <TextField
          id="listing-pickup-address"
          label="Pickup Address"
          placeholder="Chicago, IL or 60601"
          containerClassName="sm:col-span-2"
          {...field('pickupAddress')}
        />
        <TextField
          id="listing-pickup-radius"
          label="Pickup Radius (miles)"
          type="number"
          min={1}
          {...field('pickupRadius')}
        />
        <TextField
          id="listing-delivery-radius"
          label="Delivery Radius (miles)"
          type="number"
          min={1}
          {...field('deliveryRadius')}
        />
        <TextField
          id="listing-delivery-address"
          label="Delivery Address"
          placeholder="Detroit, MI or 48201"
          containerClassName="sm:col-span-2"
          {...field('deliveryAddress')}
        />
        <TextField
          id="listing-rate"
          label="Rate per Mile per Pallet ($)"
          type="number"
          min={0}
          step={0.01}
          {...field('ratePerMilePerPallet')}
        />
        <TextField
          id="listing-max-pallets"
          label="Max Pallets"
          type="number"
          min={1}
          step={1}
          {...field('maxPallets')}
        />
        <TextField
          id="listing-available-date"
          label="Available Date"
          type="date"
          {...field('availableDate')}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Creating...' : 'Create Listing'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Create New Listing: capacity on a truck between two places, priced per mile per pallet. */
export function ListingFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create New Listing</DialogTitle>
          <DialogDescription>
            Offer space on one of your trucks. Addresses may be a city and state, a ZIP code or a
            street address.
          </DialogDescription>
        </DialogHeader>
        {open ? <ListingForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}
