import { test } from '@japa/runner'
import {
  densityClass,
  freightClassOf,
  NMFC_DENSITY_SCALE,
} from '../../../../contract/freight_class.js'
import { freightDetailsOf, hazmatLine } from '#core/freight_details'
import {
  ltlClassFactor,
  LTL_CLASS_FACTOR_MAX,
  LTL_CLASS_FACTOR_MIN,
} from '#plugins/rate_quoting/drivers/lane_model_math'

/** The 13 bands of NMFC Docket 2025-1 (docs/decisions/0228): lower edge and class. */
const BANDS: [number, number][] = [
  [50, 50],
  [35, 55],
  [30, 60],
  [22.5, 65],
  [15, 70],
  [12, 85],
  [10, 92.5],
  [8, 100],
  [6, 125],
  [4, 175],
  [2, 250],
  [1, 300],
]

/** A 1 x 1 x 1728 in handling unit is one cubic foot: its weight in pounds is its density. */
const CUBIC_FOOT = { l: 1, w: 1, h: 1728 }

test.group('NMFC 2025 density classes', () => {
  test('the scale is the docket’s 13 bands, densest first', ({ assert }) => {
    assert.deepEqual(
      NMFC_DENSITY_SCALE.map((row) => [row.minPcf, row.freightClass]),
      [...BANDS, [0, 400]]
    )
  })

  test('every band edge: just below is the next class up, at and just above are its own', ({
    assert,
  }) => {
    for (let i = 0; i < BANDS.length; i++) {
      const [edge, own] = BANDS[i]
      const below = i + 1 < BANDS.length ? BANDS[i + 1][1] : 400
      assert.equal(densityClass(edge - 0.01), below, `just below ${edge}`)
      assert.equal(densityClass(edge), own, `at ${edge}`)
      assert.equal(densityClass(edge + 0.01), own, `just above ${edge}`)
    }
    assert.equal(densityClass(0.01), 400)
    assert.equal(densityClass(1000), 50)
  })

  test('whole pounds and inches decide an edge exactly, whatever the division rounds', ({
    assert,
  }) => {
    // Two units of one cubic foot: weight / 2 is the density, so 45 lb is exactly 22.5 lb/cu ft.
    for (const [edge, own] of BANDS) {
      const weight = edge * 2
      assert.equal(freightClassOf(weight, 2, CUBIC_FOOT).freightClass, own, `at ${edge}`)
      assert.notEqual(freightClassOf(weight - 1, 2, CUBIC_FOOT).freightClass, own, `below ${edge}`)
      assert.equal(freightClassOf(weight + 1, 2, CUBIC_FOOT).freightClass, own, `above ${edge}`)
    }
    // 48 x 40 x 60 in is 66.67 cu ft: 1,500 lb is 22.5 lb/cu ft exactly, 1,499 lb just under.
    const pallet = { l: 48, w: 40, h: 60 }
    assert.deepEqual(freightClassOf(1500, 1, pallet), { densityPcf: 22.5, freightClass: 65 })
    assert.deepEqual(freightClassOf(1499, 1, pallet), { densityPcf: 22.49, freightClass: 70 })
    // The default load: 1,000 lb on one such pallet, 15 lb/cu ft, class 70.
    assert.deepEqual(freightClassOf(1000, 1, pallet), { densityPcf: 15, freightClass: 70 })
    // Four pallets share the weight: 1,000 lb over four is 3.75 lb/cu ft, class 250.
    assert.deepEqual(freightClassOf(1000, 4, pallet), { densityPcf: 3.75, freightClass: 250 })
  })

  test('a density that is not positive is refused', ({ assert }) => {
    assert.throws(() => densityClass(0), RangeError)
    assert.throws(() => densityClass(Number.NaN), RangeError)
    assert.throws(() => freightClassOf(0, 1, CUBIC_FOOT), RangeError)
  })

  test('a load’s details carry the computed class and the hazmat line', ({ assert }) => {
    const details = freightDetailsOf({
      commodity: 'Paint, flammable',
      pieces: 48,
      packaging: null,
      consignee: '',
      hazmat: { unNumber: 'UN1263', hazardClass: '3' },
      weightLbs: 2000,
      handlingUnits: 2,
      dims: { l: 48, w: 40, h: 48 },
    })
    assert.deepEqual(details, {
      commodity: 'Paint, flammable',
      pieces: 48,
      packaging: 'PALLET',
      consignee: null,
      hazmat: { unNumber: 'UN1263', hazardClass: '3' },
      densityPcf: 18.75,
      freightClass: 70,
    })
    assert.equal(hazmatLine(details.hazmat), 'UN1263, hazard class 3')
    assert.equal(hazmatLine(null), 'No')
  })
})

test.group('LTL price by class (docs/decisions/0228)', () => {
  const pallet = { l: 48, w: 40, h: 60 }
  test('the standard pallet prices at 1; weight and class re-rate it as a class tariff does', ({
    assert,
  }) => {
    // weight per pallet / 1,000 x class % / 130 (class 70's), within 0.5 to 3
    const rows: [number, number, number, number][] = [
      [1000, 1, 70, 1],
      [1500, 1, 65, 1.4308], // 1.5 x 124 / 130
      [2000, 1, 60, 1.7846], // 2 x 116 / 130
      [800, 1, 85, 0.9538], // 0.8 x 155 / 130
      [700, 1, 92.5, 0.9046], // 0.7 x 168 / 130
      [300, 1, 175, 0.6808], // 0.3 x 295 / 130
      [150, 1, 250, 0.5], // 0.15 x 390 / 130 = 0.45, the floor
      [3500, 1, 50, 2.6923], // 3.5 x 100 / 130
      [5000, 1, 50, 3], // 3.85, the ceiling
    ]
    for (const [weight, pallets, freightClass, factor] of rows) {
      const found = ltlClassFactor(weight, pallets, pallet)
      assert.equal(found.freightClass, freightClass, `${weight} lb`)
      assert.equal(found.factor, factor, `${weight} lb`)
    }
    assert.equal(ltlClassFactor(150, 1, pallet).factor, LTL_CLASS_FACTOR_MIN)
    assert.equal(ltlClassFactor(5000, 1, pallet).factor, LTL_CLASS_FACTOR_MAX)
  })
})
