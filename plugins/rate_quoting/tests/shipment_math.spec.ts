import { test } from '@japa/runner'
import { densityClass, NMFC_DENSITY_SCALE } from '../drivers/nmfc.js'
import {
  assertBalanced,
  densityPcf,
  derivedPallets,
  dieselCentsOf,
  milesTimes,
  partnerQuoteIdOf,
  percentOf,
  reliabilityOf,
  requestHashOf,
  shipmentOf,
  validUntilOf,
} from '../drivers/shipment_math.js'
import { CHICAGO_TO_DETROIT_SHIPMENT } from './contract.js'

test.group('NMFC density scale', () => {
  test('each lower bound belongs to its own class; just below it, the next class up', ({
    assert,
  }) => {
    const cases: [number, number][] = [
      [1000, 50],
      [50, 50],
      [49.99, 55],
      [35, 55],
      [34.99, 60],
      [30, 60],
      [29.99, 65],
      [22.5, 65],
      [22.49, 70],
      [15, 70],
      [14.99, 85],
      [12, 85],
      [11.99, 92.5],
      [10, 92.5],
      [9.99, 100],
      [8, 100],
      [7.99, 125],
      [6, 125],
      [5.99, 175],
      [4, 175],
      [3.99, 250],
      [2, 250],
      [1.99, 300],
      [1, 300],
      [0.99, 400],
      [0.01, 400],
    ]
    for (const [pcf, freightClass] of cases) assert.equal(densityClass(pcf), freightClass, `${pcf}`)
  })

  test('has the docket’s 13 subprovisions and refuses a density that is not positive', ({
    assert,
  }) => {
    assert.lengthOf(NMFC_DENSITY_SCALE, 13)
    assert.throws(() => densityClass(0), RangeError)
    assert.throws(() => densityClass(Number.NaN), RangeError)
  })

  test('density is weight over the pallets’ cube', ({ assert }) => {
    // 48 x 40 x 60 in = 115,200 cu in = 66.67 cu ft; 1,000 lb / 66.67 = 15 lb/cu ft exactly
    assert.equal(densityPcf(1000, 1, { l: 48, w: 40, h: 60 }), 15)
    // two pallets of 48 x 48 x 48 at 600 lb: 600 / 128 cu ft
    assert.equal(densityPcf(600, 2, { l: 48, w: 48, h: 48 }), 4.6875)
  })
})

test.group('Shipment defaults', () => {
  test('one standard pallet per started 1,000 lb, 48 x 40 x 60 in, VAN, pickup from now', ({
    assert,
  }) => {
    assert.equal(derivedPallets(1), 1)
    assert.equal(derivedPallets(1000), 1)
    assert.equal(derivedPallets(1001), 2)
    assert.equal(derivedPallets(12_000), 12)
    const shipment = shipmentOf({
      ...CHICAGO_TO_DETROIT_SHIPMENT,
      pickupDate: null,
      now: '2026-03-02T09:00:00-06:00',
    })
    assert.include(shipment, { pallets: 1, equipment: 'VAN', pickupDay: '2026-03-02' })
    assert.deepEqual(shipment.dims, { l: 48, w: 40, h: 60 })
    const given = shipmentOf({
      ...CHICAGO_TO_DETROIT_SHIPMENT,
      pallets: 3,
      dims: { l: 48, w: 48, h: 40 },
      equipment: 'REEFER',
    })
    assert.include(given, { pallets: 3, equipment: 'REEFER', pickupDay: '2026-03-02' })
  })

  test('refuses fractional pallets and bad dims', ({ assert }) => {
    assert.throws(() => shipmentOf({ ...CHICAGO_TO_DETROIT_SHIPMENT, pallets: 1.5 }), RangeError)
    assert.throws(
      () => shipmentOf({ ...CHICAGO_TO_DETROIT_SHIPMENT, dims: { l: 48, w: 0, h: 60 } }),
      RangeError
    )
  })
})

test.group('Quote money', () => {
  test('percentages and per-mile rates round once, half up, on integers', ({ assert }) => {
    assert.equal(percentOf(20475, 30), 6143) // 6142.5
    assert.equal(percentOf(20475, 24.5), 5016) // 5016.375
    assert.equal(percentOf(13500, 0), 0)
    // 283.4 x 100 is 28339.999... in floating point; hundredths of a mile keep it exact
    assert.equal(milesTimes(283.4, 185), 52429)
    assert.equal(milesTimes(0.5, 1), 1) // 0.5 cent rounds up
  })

  test('line items must add up to the total, in whole cents, only DISCOUNT negative', ({
    assert,
  }) => {
    const lineItems = [
      { code: 'LINEHAUL', description: 'Line haul', amountCents: 58500 },
      { code: 'DISCOUNT', description: 'Discount', amountCents: -38025 },
      { code: 'FSC', description: 'Fuel', amountCents: 4914 },
    ]
    assert.doesNotThrow(() => assertBalanced({ totalCents: 25389, lineItems }))
    assert.throws(() => assertBalanced({ totalCents: 25390, lineItems }), /sum to 25389/)
    assert.throws(() =>
      assertBalanced({
        totalCents: 100,
        lineItems: [{ code: 'LINEHAUL', description: 'x', amountCents: 100.5 }],
      })
    )
    assert.throws(() =>
      assertBalanced({
        totalCents: 50,
        lineItems: [
          { code: 'LINEHAUL', description: 'x', amountCents: 100 },
          { code: 'FSC', description: 'x', amountCents: -50 },
        ],
      })
    )
  })

  test('a partner schedule reads the diesel price, else the lowest price of the row’s percent', ({
    assert,
  }) => {
    assert.equal(dieselCentsOf({ indexDate: '2026-02-23', fscPct: 40, dieselPrice: 3.6 }), 360)
    assert.equal(dieselCentsOf({ indexDate: '2026-02-23', fscPct: 40, dieselPrice: 3.655 }), 366)
    // decision 0067: 40 % covers $3.60 to $3.65; the row without a price reads $3.60
    assert.equal(dieselCentsOf({ indexDate: '2024-12-30', fscPct: 40, dieselPrice: null }), 360)
    assert.isNull(dieselCentsOf(null))
  })
})

test.group('Reliability, validity and quote ids', () => {
  test('the measured record blended with a 90 % prior worth 20 shipments', ({ assert }) => {
    assert.equal(reliabilityOf(undefined), 0.9)
    assert.equal(reliabilityOf({ onTime: 0, total: 0 }), 0.9)
    assert.equal(reliabilityOf({ onTime: 60, total: 100 }), 0.65) // (60 + 18) / 120
    assert.equal(reliabilityOf({ onTime: 100, total: 100 }), 0.983) // 118 / 120
    assert.equal(reliabilityOf({ onTime: 9_900, total: 10_000 }), 0.99)
    assert.equal(reliabilityOf({ onTime: 0, total: 1_000_000 }), 0)
    assert.throws(() => reliabilityOf({ onTime: 5, total: 4 }), RangeError)
  })

  test('validity is now plus the window, in UTC', ({ assert }) => {
    assert.equal(validUntilOf('2026-03-01T15:00:00.000Z', 4), '2026-03-01T19:00:00.000Z')
    assert.equal(validUntilOf('2026-03-01T09:00:00-06:00', 168), '2026-03-08T15:00:00.000Z')
  })

  test('ids follow the request, the carrier and the service, not the clock', ({ assert }) => {
    const shipment = shipmentOf(CHICAGO_TO_DETROIT_SHIPMENT)
    const id = partnerQuoteIdOf('LFL', shipment, 'lakeshore', 'STANDARD')
    assert.match(id, /^LFL-[0-9A-F]{16}$/)
    const later = shipmentOf({ ...CHICAGO_TO_DETROIT_SHIPMENT, now: '2026-03-01T18:00:00.000Z' })
    assert.equal(partnerQuoteIdOf('LFL', later, 'lakeshore', 'STANDARD'), id)
    assert.notEqual(partnerQuoteIdOf('LFL', shipment, 'lakeshore', 'GUARANTEED'), id)
    assert.notEqual(partnerQuoteIdOf('LFL', shipment, 'other', 'STANDARD'), id)
    const withLiftgate = { ...CHICAGO_TO_DETROIT_SHIPMENT, requestedAccessorials: ['LIFTGATE'] }
    assert.notEqual(requestHashOf(withLiftgate), requestHashOf(CHICAGO_TO_DETROIT_SHIPMENT))
    assert.equal(
      requestHashOf({ ...withLiftgate, requestedAccessorials: ['LIFTGATE', 'LIFTGATE'] }),
      requestHashOf(withLiftgate)
    )
  })
})
