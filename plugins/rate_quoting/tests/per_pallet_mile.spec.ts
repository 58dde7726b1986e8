import { test } from '@japa/runner'
import { LaneModelDriver } from '../drivers/lane_model.js'
import { perPalletMileCents } from '../drivers/lane_model_math.js'
import type { LaneSample, QuoteInput } from '../types.js'

/**
 * The rate estimate per pallet-mile on a table of lanes (docs/decisions/0176): history restated
 * for the load's pallets with the cost model's own pallet curve, so both methods agree that a
 * larger load pays less per pallet-mile, and a 20-pallet load is not priced as three 6-pallet
 * ones. No "today" is involved: the quote has no pickup date, so the latest fuel row is in force.
 */

const CHICAGO = { postal: '60601', lat: 41.8858, lng: -87.6181, state: 'IL' }
const DETROIT = { postal: '48201', lat: 42.3478, lng: -83.0603, state: 'MI' }
const MILWAUKEE = { postal: '53202', lat: 43.0389, lng: -87.9065, state: 'WI' }

/** What Chicago-Detroit van truckloads paid (pallets, dollars) over 283 miles. */
const PAID: [number, number][] = [
  [10, 1980],
  [6, 1260],
  [12, 2480],
  [8, 1650],
  [14, 2720],
  [4, 905],
  [10, 2150],
  [18, 3460],
  [6, 1340],
  [9, 1890],
  [16, 3150],
  [7, 1510],
]
const CHICAGO_DETROIT_HISTORY: LaneSample[] = PAID.map(([pallets, dollars]) => ({
  originPostal: '60601',
  destPostal: '48201',
  originState: 'IL',
  destState: 'MI',
  equipment: 'VAN',
  mode: 'TL',
  pricePerPalletMile: dollars / (pallets * 283),
  pallets,
}))

function load(over: Partial<QuoteInput>): QuoteInput {
  return {
    origin: CHICAGO,
    destination: DETROIT,
    distanceMiles: 283,
    equipment: 'VAN',
    mode: 'TL',
    pallets: 6,
    weightLbs: 5400,
    dims: { l: 48, w: 40, h: 60 },
    pickupDate: null,
    history: [],
    fuel: [{ indexDate: '2026-01-05', fscPct: 41, dieselPrice: 3.7 }],
    ...over,
  }
}

type Lane = {
  name: string
  input: QuoteInput
  method: 'lane_history' | 'cost_model'
  midCents: number
  perPalletMileCents: number
}

const LANES: Lane[] = [
  {
    name: 'Chicago-Detroit, 1 pallet, 12 loads of history',
    input: load({ pallets: 1, weightLbs: 900, history: CHICAGO_DETROIT_HISTORY }),
    method: 'lane_history',
    midCents: 132194,
    perPalletMileCents: 467,
  },
  {
    name: 'Chicago-Detroit, 6 pallets, 12 loads of history',
    input: load({ history: CHICAGO_DETROIT_HISTORY }),
    method: 'lane_history',
    midCents: 168246,
    perPalletMileCents: 99,
  },
  {
    name: 'Chicago-Detroit, 20 pallets, 12 loads of history',
    input: load({ pallets: 20, weightLbs: 18000, history: CHICAGO_DETROIT_HISTORY }),
    method: 'lane_history',
    midCents: 269194,
    perPalletMileCents: 48,
  },
  {
    name: 'Chicago-Detroit, 6 pallets, no history (cost model)',
    input: load({}),
    method: 'cost_model',
    midCents: 43488,
    perPalletMileCents: 26,
  },
  {
    name: 'Milwaukee-Chicago, 6 pallets, 98 mi (cost model)',
    input: load({ origin: MILWAUKEE, destination: CHICAGO, distanceMiles: 98 }),
    method: 'cost_model',
    midCents: 15059,
    perPalletMileCents: 26,
  },
  {
    name: 'Milwaukee-Chicago, 20 pallets, 98 mi (cost model)',
    input: load({
      origin: MILWAUKEE,
      destination: CHICAGO,
      distanceMiles: 98,
      pallets: 20,
      weightLbs: 18000,
    }),
    method: 'cost_model',
    midCents: 24762,
    perPalletMileCents: 13,
  },
]

test.group('Lane model: per pallet-mile on a table of lanes', () => {
  for (const lane of LANES) {
    test(lane.name, async ({ assert }) => {
      const result = await new LaneModelDriver().quote(lane.input)
      assert.equal(result.basis.method, lane.method)
      assert.equal(result.midCents, lane.midCents)
      assert.equal(
        perPalletMileCents(result.midCents, lane.input.pallets, lane.input.distanceMiles),
        lane.perPalletMileCents
      )
    })
  }

  test('on one lane and method, more pallets never pay more per pallet-mile', async ({
    assert,
  }) => {
    const driver = new LaneModelDriver()
    for (const history of [CHICAGO_DETROIT_HISTORY, []]) {
      let previous = Number.POSITIVE_INFINITY
      for (const pallets of [1, 4, 6, 10, 20, 26]) {
        const input = load({ pallets, weightLbs: pallets * 900, history })
        const { midCents } = await driver.quote(input)
        const perPalletMile = midCents / (pallets * input.distanceMiles)
        assert.isBelow(perPalletMile, previous, `${pallets} pallets`)
        previous = perPalletMile
      }
    }
  })

  test('a load the size of every sample is priced at what they paid', async ({ assert }) => {
    const sixes = CHICAGO_DETROIT_HISTORY.map((s, i) => ({
      ...s,
      pallets: 6,
      pricePerPalletMile: (1200 + 20 * i) / (6 * 283),
    }))
    const result = await new LaneModelDriver().quote(load({ history: sixes }))
    // the median of $1,200 ... $1,420 in steps of $20 is $1,310
    assert.equal(result.midCents, 131000)
  })

  test('a sample that does not say its pallets is taken per pallet-mile as it is', async ({
    assert,
  }) => {
    const unsized = CHICAGO_DETROIT_HISTORY.map((s) => ({ ...s, pallets: null }))
    const result = await new LaneModelDriver().quote(load({ pallets: 20, history: unsized }))
    const perPalletMile = unsized.map((s) => s.pricePerPalletMile).sort((a, b) => a - b)
    const median = (perPalletMile[5] + perPalletMile[6]) / 2
    assert.equal(result.midCents, Math.round(median * 20 * 283 * 100))
  })
})
