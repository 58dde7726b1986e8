import { test } from '@japa/runner'
import { FakeRateQuotingDriver } from '../main.js'
import { LaneModelDriver } from '../drivers/lane_model.js'
import {
  costModelCents,
  etaHours,
  fuelRowFor,
  percentile,
  regionOf,
  widen,
} from '../drivers/lane_model_math.js'
import type { LaneSample } from '../types.js'
import {
  CHICAGO_TO_DETROIT,
  CHICAGO_TO_DETROIT_SHIPMENT,
  rateQuotingContract,
  shipmentRatingContract,
} from './contract.js'

rateQuotingContract('lane_model', async () => new LaneModelDriver())
rateQuotingContract('fake', async () => new FakeRateQuotingDriver())
shipmentRatingContract('lane_model', async () => new LaneModelDriver(), {
  modes: ['LTL', 'TL', 'EXP'],
})
shipmentRatingContract('fake', async () => new FakeRateQuotingDriver(), {
  modes: ['LTL', 'TL', 'EXP'],
})

const sample = (over: Partial<LaneSample> = {}): LaneSample => ({
  originPostal: '60601',
  destPostal: '48201',
  originState: 'IL',
  destState: 'MI',
  equipment: 'VAN',
  mode: 'TL',
  pricePerPalletMile: 2.5,
  ...over,
})

const lane = { originPostal: '60607', destPostal: '48226', originState: 'IL', destState: 'MI' }

test.group('Lane model: percentiles', () => {
  test('interpolate linearly between closest ranks', ({ assert }) => {
    assert.equal(percentile([1, 2, 3, 4, 5], 0.5), 3)
    assert.equal(percentile([1, 2, 3, 4], 0.5), 2.5)
    assert.equal(percentile([4, 1, 3, 2], 0.25), 1.75)
    assert.equal(percentile([4, 1, 3, 2], 0.75), 3.25)
    assert.equal(percentile([7], 0.75), 7)
  })
})

test.group('Lane model: widening', () => {
  test('zip3 needs 8 samples, else the states with 12, else the regions with 20', ({ assert }) => {
    const zip3 = Array.from({ length: 8 }, () => sample())
    assert.equal(widen(lane, 'VAN', 'TL', zip3)?.scope, 'zip3')
    assert.equal(widen(lane, 'VAN', 'TL', zip3.slice(1))?.scope, undefined)

    const state = Array.from({ length: 12 }, () =>
      sample({ originPostal: '62701', destPostal: '49503' })
    )
    assert.equal(widen(lane, 'VAN', 'TL', [...zip3.slice(1), ...state.slice(7)])?.scope, 'state')
    assert.isNull(widen(lane, 'VAN', 'TL', [...zip3.slice(1), ...state.slice(8)]))

    const region = Array.from({ length: 20 }, () =>
      sample({ originPostal: '43215', destPostal: '53202', originState: 'OH', destState: 'WI' })
    )
    const found = widen(lane, 'VAN', 'TL', region)
    assert.equal(found?.scope, 'region')
    assert.lengthOf(found!.prices, 20)
    assert.isNull(widen(lane, 'VAN', 'TL', region.slice(1)))
  })

  test('counts only the same equipment and mode, or history that does not say', ({ assert }) => {
    const reefer = Array.from({ length: 8 }, () => sample({ equipment: 'REEFER' }))
    const ltl = Array.from({ length: 8 }, () => sample({ mode: 'LTL' }))
    assert.isNull(widen(lane, 'VAN', 'TL', [...reefer, ...ltl]))
    const unknown = Array.from({ length: 8 }, () => sample({ equipment: null, mode: null }))
    assert.equal(widen(lane, 'VAN', 'TL', unknown)?.scope, 'zip3')
  })

  test('census regions', ({ assert }) => {
    assert.equal(regionOf('IL'), 'midwest')
    assert.equal(regionOf('tx'), 'south')
    assert.equal(regionOf('NY'), 'northeast')
    assert.equal(regionOf('CA'), 'west')
    assert.isNull(regionOf('PR'))
  })

  test('the range is the middle half of the lane’s prices times pallets and miles', async ({
    assert,
  }) => {
    const prices = [2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.2, 3.4]
    const history = prices.map((p) => sample({ pricePerPalletMile: p }))
    const result = await new LaneModelDriver().quote({ ...CHICAGO_TO_DETROIT, history })
    // p25 = 2.35, p50 = 2.70, p75 = 3.05 per pallet-mile; 4 pallets x 283.4 miles = 1133.6
    assert.equal(result.lowCents, Math.round(2.35 * 1133.6 * 100))
    assert.equal(result.midCents, 306072)
    assert.equal(result.highCents, Math.round(3.05 * 1133.6 * 100))
    assert.equal(result.sampleSize, 8)
    assert.equal(result.confidence, 'high')
    assert.deepInclude(result.basis, { method: 'lane_history', scope: 'zip3', fuelIndexDate: null })
  })
})

test.group('Lane model: cost model', () => {
  test('a hand-computed example', ({ assert }) => {
    // 283.4 mi x $2.00 x 1.0 (TL) x (0.4 + 0.6 x 4/26) x (1 + 0.1 x 4000/45000) x 1.40
    const palletFactor = 0.4 + (0.6 * 4) / 26
    const weightFactor = 1 + (0.1 * 4000) / 45000
    const expected = Math.round(283.4 * 2 * palletFactor * weightFactor * 1.4 * 100)
    assert.equal(expected, 39413)
    assert.equal(
      costModelCents({
        distanceMiles: 283.4,
        equipment: 'VAN',
        mode: 'TL',
        pallets: 4,
        weightLbs: 4000,
        fscPct: 40,
      }),
      expected
    )
  })

  test('thin history falls back to the cost model at plus or minus 15 percent', async ({
    assert,
  }) => {
    const result = await new LaneModelDriver().quote(CHICAGO_TO_DETROIT)
    assert.equal(result.midCents, 39413)
    assert.equal(result.lowCents, Math.round(39413 * 0.85))
    assert.equal(result.highCents, Math.round(39413 * 1.15))
    assert.equal(result.confidence, 'low')
    assert.deepInclude(result.basis, {
      method: 'cost_model',
      scope: null,
      fuelIndexDate: '2026-02-23',
    })
  })

  test('the fuel row in force on the pickup date, else the latest', ({ assert }) => {
    const rows = [
      { indexDate: '2026-01-05', fscPct: 38, dieselPrice: 3.5 },
      { indexDate: '2026-01-12', fscPct: 39, dieselPrice: 3.56 },
      { indexDate: '2026-01-19', fscPct: 40, dieselPrice: 3.62 },
    ]
    assert.equal(fuelRowFor(rows, '2026-01-12')?.fscPct, 39)
    assert.equal(fuelRowFor(rows, '2026-01-18')?.fscPct, 39)
    assert.equal(fuelRowFor(rows, '2027-06-01')?.fscPct, 40)
    assert.equal(fuelRowFor(rows, '2025-06-01')?.fscPct, 40)
    assert.equal(fuelRowFor(rows, null)?.fscPct, 40)
    assert.isNull(fuelRowFor([], '2026-01-12'))
  })
})

test.group('Lane model: hours-of-service transit time', () => {
  test('11 hours of driving, then a 10-hour break', ({ assert }) => {
    assert.equal(etaHours(500, 'TL'), 10)
    assert.equal(etaHours(550, 'TL'), 11)
    assert.equal(etaHours(600, 'TL'), 22)
    assert.equal(etaHours(1200, 'TL'), 24 + 20)
  })

  test('LTL slower plus a day at terminals; expedited teams drive through', ({ assert }) => {
    assert.equal(etaHours(450, 'LTL'), 34)
    assert.equal(etaHours(1100, 'EXP'), 20)
    assert.equal(etaHours(283.4, 'TL'), 5.7)
  })

  test('a solo expedited driver stops after what is left of the shift', ({ assert }) => {
    // 1,100 mi at 55 mph = 20 h of driving
    assert.equal(etaHours(1100, 'EXP', { team: false }), 20 + 10)
    assert.equal(etaHours(550, 'EXP', { team: false }), 10)
    // 3 h into the shift: 8 h left, then a break, then the last 2 h
    assert.equal(etaHours(550, 'EXP', { team: false, drivenInShift: 3 }), 20)
    // the shift used up: the break comes first
    assert.equal(etaHours(55, 'EXP', { team: false, drivenInShift: 11 }), 11)
    assert.equal(etaHours(600, 'TL', { drivenInShift: 0 }), etaHours(600, 'TL'))
  })
})

test.group('Lane model: carrier quotes', () => {
  test('Chicago 60601 to Detroit 48201, 1,000 lb LTL, by hand', async ({ assert }) => {
    // no history: the cost model without its fuel factor, 1 pallet (1,000 lb), VAN
    // 283.4 mi x $2.00 x 0.6 (LTL) x (0.4 + 0.6 x 1/26) x (1 + 0.1 x 1000/45000) = $144.1997
    // line haul $144.20; FSC 40 % (index of 2026-02-23 in force on 2026-03-02) = $57.68
    // total $201.88; 283.4 / 45 mph = 6.3 h + 24 h at terminals = 30.3 h: 2 days; valid a day
    const [quote] = await new LaneModelDriver().rateShipment(CHICAGO_TO_DETROIT_SHIPMENT)
    assert.deepEqual(
      quote.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', 14420],
        ['FSC', 5768],
      ]
    )
    assert.include(quote, {
      carrier: 'PalletLine Network',
      carrierKey: 'palletline',
      mode: 'LTL',
      serviceLevel: 'STANDARD',
      totalCents: 20188,
      transitDays: 2,
      reliability: 0.9,
      validUntil: '2026-03-02T15:00:00.000Z',
    })
  })

  test('with history, the median all-in price split into line haul and surcharge', async ({
    assert,
  }) => {
    const prices = [2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.2, 3.4]
    const history = prices.map((p) => sample({ pricePerPalletMile: p }))
    // median $2.70 x 4 pallets x 283.4 mi = $3,060.72 all in; / 1.40 = $2,186.23 line haul
    // FSC 40 % = $874.49; total $3,060.72, the range's mid
    const [quote] = await new LaneModelDriver().rateShipment({
      ...CHICAGO_TO_DETROIT_SHIPMENT,
      mode: 'TL',
      pallets: 4,
      weightLbs: 4000,
      history,
    })
    assert.deepEqual(
      quote.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', 218623],
        ['FSC', 87449],
      ]
    )
    assert.equal(quote.totalCents, 306072)
    assert.match(quote.lineItems[0].description, /median of 8 VAN TL shipments/)
  })

  test('service levels and transit by mode; a tarp only on a flatbed', async ({ assert }) => {
    const rate = (over: object) =>
      new LaneModelDriver().rateShipment({ ...CHICAGO_TO_DETROIT_SHIPMENT, ...over })
    const [tl] = await rate({ mode: 'TL', distanceMiles: 600 })
    assert.include(tl, { serviceLevel: 'STANDARD', transitDays: 1 }) // 22 hours
    const [exp] = await rate({ mode: 'EXP', distanceMiles: 1100 })
    assert.include(exp, { serviceLevel: 'EXPEDITED', transitDays: 1 }) // 20 hours, a team
    assert.deepEqual(await rate({ requestedAccessorials: ['TARP'] }), [])
    const [tarped] = await rate({ equipment: 'FLATBED', requestedAccessorials: ['TARP'] })
    assert.deepInclude(tarped.lineItems[2], { code: 'TARP', amountCents: 100_00 })
  })
})
