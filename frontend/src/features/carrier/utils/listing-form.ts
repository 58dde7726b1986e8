import type { ListingInput } from '@/features/carrier/api/create-listing'

/** What the Create New Listing form holds, as typed. */
export type ListingFormValues = {
  truckId: string
  pickupAddress: string
  pickupRadius: string
  deliveryAddress: string
  deliveryRadius: string
  ratePerMilePerPallet: string
  maxPallets: string
  availableDate: string
}

export type ListingFormErrors = Partial<Record<keyof ListingFormValues, string>>

/** docs/spec.md §5 defaults: pickup radius 100, delivery radius 80, rate 0, max pallets 1. */
export const listingFormDefaults: ListingFormValues = {
  truckId: '',
  pickupAddress: '',
  pickupRadius: '100',
  deliveryAddress: '',
  deliveryRadius: '80',
  ratePerMilePerPallet: '0',
  maxPallets: '1',
  availableDate: '',
}

const num = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))

/**
 * The listing form's rules and messages (docs/spec.md §5); `truckCapacity` adds the server's
 * capacity rule so the carrier learns it before sending.
 */
export function validateListingForm(
  values: ListingFormValues,
  truckCapacity?: number
): ListingFormErrors {
  const errors: ListingFormErrors = {}
  if (!values.truckId) errors.truckId = 'Please select a truck'
  if (!values.pickupAddress.trim()) errors.pickupAddress = 'Pickup address is required'
  if (!(num(values.pickupRadius) >= 1))
    errors.pickupRadius = 'Pickup radius must be at least 1 mile'
  if (!values.deliveryAddress.trim()) errors.deliveryAddress = 'Delivery address is required'
  if (!(num(values.deliveryRadius) >= 1))
    errors.deliveryRadius = 'Delivery radius must be at least 1 mile'
  if (!(num(values.ratePerMilePerPallet) >= 0.01))
    errors.ratePerMilePerPallet = 'Rate must be greater than 0'
  const pallets = num(values.maxPallets)
  if (!(pallets >= 1)) errors.maxPallets = 'Must allow at least 1 pallet'
  else if (truckCapacity !== undefined && pallets > truckCapacity)
    errors.maxPallets = `Max pallets cannot exceed the truck's capacity of ${truckCapacity} pallets`
  if (!values.availableDate) errors.availableDate = 'Available date is required'
  return errors
}

/** The request body: truckId and pallets as integers, numbers as numbers, the date as YYYY-MM-DD. */
export function toListingInput(values: ListingFormValues): ListingInput {
  return {
    truckId: Number.parseInt(values.truckId, 10),
    pickupAddress: values.pickupAddress.trim(),
    pickupRadius: Number(values.pickupRadius),
    deliveryAddress: values.deliveryAddress.trim(),
    deliveryRadius: Number(values.deliveryRadius),
    ratePerMilePerPallet: Number(values.ratePerMilePerPallet),
    maxPallets: Number.parseInt(values.maxPallets, 10),
    availableDate: values.availableDate,
  }
}
