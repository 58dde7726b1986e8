import { describe, expect, it } from 'vitest'
import {
  checkPostLoad,
  EMPTY_POST_LOAD,
  formFieldErrors,
  toListingForm,
  valuesFromTemplate,
} from '@/features/freight-board/utils/post-load-form'

describe('post-load form', () => {
  it('sends empty number inputs as null: the server fills the default load (decision 0201)', () => {
    const form = toListingForm({
      ...EMPTY_POST_LOAD,
      originPostal: '60601',
      destinationPostal: '48201',
    })
    expect(form).toEqual({
      origin: { postal: '60601' },
      destination: { postal: '48201' },
      equipment: 'VAN',
      mode: 'TL',
      pallets: null,
      weight_lbs: null,
      dims: null,
      pickup_earliest: null,
      delivery_latest: null,
      notes: null,
      price: null,
      commodity: null,
      pieces: null,
      packaging: 'PALLET',
      consignee: null,
      hazmat: false,
      un_number: null,
      hazard_class: null,
      allow_offers: false,
      offer_floor_cents: null,
    })
  })

  it('sends the dimensions typed and null for the others', () => {
    const form = toListingForm({
      ...EMPTY_POST_LOAD,
      originPostal: '60601',
      destinationPostal: '48201',
      length: '40',
      pallets: '2.7',
    })
    expect(form.dims).toEqual({ l: 40, w: null, h: null })
    expect(form.pallets).toBe(2)
  })

  it('keeps what was typed and sends the pickup window as instants', () => {
    const form = toListingForm({
      ...EMPTY_POST_LOAD,
      originPostal: ' 60601 ',
      destinationPostal: '48201',
      pallets: '6',
      weightLbs: '4200',
      length: '40',
      width: '48',
      height: '50',
      pickupEarliest: '2025-03-10T08:00',
      notes: ' Dock 4 ',
      price: '1250.5',
    })
    expect(form.origin.postal).toBe('60601')
    expect(form.pallets).toBe(6)
    expect(form.weight_lbs).toBe(4200)
    expect(form.dims).toEqual({ l: 40, w: 48, h: 50 })
    expect(form.pickup_earliest).toBe(new Date('2025-03-10T08:00').toISOString())
    expect(form.notes).toBe('Dock 4')
    expect(form.price).toBe(1250.5)
  })

  it('asks for both ZIPs of at least 5 characters', () => {
    expect(
      checkPostLoad({ ...EMPTY_POST_LOAD, originPostal: '606', destinationPostal: '' })
    ).toEqual({
      originPostal: 'Origin ZIP is required',
      destinationPostal: 'Destination ZIP is required',
    })
    expect(
      checkPostLoad({ ...EMPTY_POST_LOAD, originPostal: '60601', destinationPostal: '48201' })
    ).toEqual({})
  })

  it('maps the API field names to the inputs', () => {
    expect(
      formFieldErrors({ 'origin.postal': 'Unknown ZIP', 'weight_lbs': 'Too light', 'other': 'x' })
    ).toEqual({ originPostal: 'Unknown ZIP', weightLbs: 'Too light' })
  })
})

describe('a load template in the form (docs/decisions/0248)', () => {
  it('fills every input but the dates, and sends the offer terms as cents', () => {
    const values = valuesFromTemplate({
      origin: { postal: '60601', city: 'Chicago', state: 'IL', address: null },
      destination: { postal: '48201' },
      equipment: 'REEFER',
      mode: 'LTL',
      pallets: 4,
      weight_lbs: 3000,
      dims: { l: 48, w: 40, h: null },
      notes: 'Dock 4',
      price: 900.5,
      commodity: 'Peas',
      pieces: 120,
      packaging: 'BOX',
      consignee: null,
      hazmat: false,
      un_number: null,
      hazard_class: null,
      allow_offers: true,
      offer_floor_cents: 75_050,
    })
    expect(values).toMatchObject({
      originPostal: '60601',
      equipment: 'REEFER',
      pallets: '4',
      height: '',
      price: '900.5',
      pickupEarliest: '',
      deliveryLatest: '',
      allowOffers: 'yes',
      offerFloor: '750.5',
    })
    expect(toListingForm(values)).toMatchObject({ allow_offers: true, offer_floor_cents: 75_050 })
    expect(toListingForm({ ...values, allowOffers: '' }).offer_floor_cents).toBeNull()
  })
})
