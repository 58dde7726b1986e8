import { describe, expect, it } from 'vitest'
import { checkSearchForm, effectivePickupDate } from '@/features/shipper/utils/search-form'

const TODAY = '2025-06-10'
const valid = {
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: '4',
  pickupDate: TODAY,
}

describe('search form rules', () => {
  it('accepts a complete form', () => {
    expect(checkSearchForm(valid, TODAY)).toEqual({ missing: [], errors: {} })
  })

  it('lists every empty required field', () => {
    const check = checkSearchForm(
      { pickupAddress: ' ', deliveryAddress: '', numberOfPallets: '', pickupDate: '' },
      TODAY
    )
    expect(check.missing).toEqual(['pickupAddress', 'deliveryAddress', 'numberOfPallets'])
  })

  it.each(['0', '101', '2.5', '-3', 'abc'])('refuses %s pallets', (pallets) => {
    expect(checkSearchForm({ ...valid, numberOfPallets: pallets }, TODAY).errors).toEqual({
      numberOfPallets: 'Number of pallets must be between 1 and 100',
    })
  })

  it.each(['1', '100'])('accepts %s pallets', (pallets) => {
    expect(checkSearchForm({ ...valid, numberOfPallets: pallets }, TODAY).errors).toEqual({})
  })

  it('refuses a past pickup date and treats an empty one as today', () => {
    expect(checkSearchForm({ ...valid, pickupDate: '2025-06-09' }, TODAY).errors).toEqual({
      pickupDate: 'Pickup date cannot be in the past',
    })
    expect(checkSearchForm({ ...valid, pickupDate: '' }, TODAY).errors).toEqual({})
    expect(effectivePickupDate('', TODAY)).toBe(TODAY)
    expect(effectivePickupDate('2025-07-01', TODAY)).toBe('2025-07-01')
  })
})
