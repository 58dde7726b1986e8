import { describe, expect, it } from 'vitest'
import {
  listingFormDefaults,
  toListingInput,
  validateListingForm,
} from '@/features/carrier/utils/listing-form'
import {
  emptyTruckForm,
  missingTruckFields,
  toTruckInput,
} from '@/features/carrier/utils/truck-form'

const complete = {
  ...listingFormDefaults,
  truckId: '3',
  pickupAddress: ' Chicago, IL ',
  deliveryAddress: '48201',
  ratePerMilePerPallet: '0.01',
  availableDate: '2025-04-01',
}

describe('listing form rules', () => {
  it('accepts the smallest valid rate and converts the body', () => {
    expect(validateListingForm(complete, 12)).toEqual({})
    expect(toListingInput(complete)).toEqual({
      truckId: 3,
      pickupAddress: 'Chicago, IL',
      pickupRadius: 100,
      deliveryAddress: '48201',
      deliveryRadius: 80,
      ratePerMilePerPallet: 0.01,
      maxPallets: 1,
      availableDate: '2025-04-01',
    })
  })

  it('rejects text and blanks in number fields with the spec messages', () => {
    expect(
      validateListingForm({
        ...complete,
        pickupRadius: 'abc',
        ratePerMilePerPallet: '',
        maxPallets: '',
      })
    ).toEqual({
      pickupRadius: 'Pickup radius must be at least 1 mile',
      ratePerMilePerPallet: 'Rate must be greater than 0',
      maxPallets: 'Must allow at least 1 pallet',
    })
  })
})

describe('truck form rules', () => {
  it('names the missing required fields, ignoring blanks made of spaces', () => {
    expect(missingTruckFields({ ...emptyTruckForm, make: '  ', model: 'M2' })).toEqual([
      'make',
      'year',
      'licensePlate',
      'capacity',
    ])
  })

  it('sends year and capacity as integers and the status only when editing', () => {
    const values = {
      ...emptyTruckForm,
      make: 'Volvo',
      model: 'VNL',
      year: '2022',
      licensePlate: 'MI-1',
      capacity: '26',
      status: 'maintenance' as const,
    }
    expect(toTruckInput(values, { editing: false })).toEqual({
      make: 'Volvo',
      model: 'VNL',
      year: 2022,
      licensePlate: 'MI-1',
      capacity: 26,
    })
    expect(toTruckInput(values, { editing: true }).status).toBe('maintenance')
  })
})
