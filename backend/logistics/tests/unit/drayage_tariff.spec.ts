import { test } from '@japa/runner'
import {
  DEFAULT_LINE_HAUL_BANDS,
  bandsOf,
  lineHaulFor,
  lineHaulSplit,
} from '#logistics/services/drayage_tariff'

const price = (miles: number) => {
  const quote = lineHaulFor(DEFAULT_LINE_HAUL_BANDS, miles)
  return quote.ok ? quote.lineHaulCents : null
}

test.group('Drayage line haul: the tariff by distance band (docs/decisions/0187)', () => {
  test('the first band that reaches the miles prices the move', ({ assert }) => {
    const table: [number, number | null][] = [
      [0, 45_000],
      [7.7, 45_000],
      [25, 45_000],
      [25.1, 60_000],
      [50, 60_000],
      [99.9, 85_000],
      [150, 130_000],
      [258.4, 180_000],
      [300, 180_000],
      [300.1, null],
      [2100, null],
    ]
    for (const [miles, cents] of table) assert.equal(price(miles), cents, `${miles} mi`)
  })

  test('beyond the last band it says how far the bands reach', ({ assert }) => {
    assert.deepEqual(lineHaulFor(DEFAULT_LINE_HAUL_BANDS, 301), { ok: false, maxMiles: 300 })
    assert.deepEqual(lineHaulFor([], 1), { ok: false, maxMiles: 0 })
  })

  test('a terminal’s own bands, in any order, replace the defaults; none means the defaults', ({
    assert,
  }) => {
    const own = [
      { upToMiles: 60, cents: 72_500 },
      { upToMiles: 20, cents: 39_900 },
    ]
    assert.deepEqual(bandsOf([]), DEFAULT_LINE_HAUL_BANDS)
    assert.deepEqual(bandsOf(null), DEFAULT_LINE_HAUL_BANDS)
    assert.deepEqual(
      bandsOf(own).map((b) => b.upToMiles),
      [20, 60]
    )
    assert.deepEqual(lineHaulFor(own, 20), {
      ok: true,
      lineHaulCents: 39_900,
      band: { upToMiles: 20, cents: 39_900 },
    })
    assert.deepEqual(lineHaulFor(own, 20.1), {
      ok: true,
      lineHaulCents: 72_500,
      band: { upToMiles: 60, cents: 72_500 },
    })
    assert.deepEqual(lineHaulFor(own, 61), { ok: false, maxMiles: 60 })
  })

  test('a bad distance is a programming error', ({ assert }) => {
    assert.throws(() => lineHaulFor(DEFAULT_LINE_HAUL_BANDS, -1))
    assert.throws(() => lineHaulFor(DEFAULT_LINE_HAUL_BANDS, Number.NaN))
  })

  test('the carrier’s pay and the platform’s share add up to the line haul', ({ assert }) => {
    const table: [number, number, number][] = [
      [45_000, 40_950, 4_050],
      [60_000, 54_600, 5_400],
      [85_000, 77_350, 7_650],
      [39_950, 36_355, 3_595],
      [101, 92, 9],
      [1, 1, 0],
    ]
    for (const [lineHaul, pay, platform] of table) {
      const split = lineHaulSplit(lineHaul)
      assert.deepEqual(split, {
        lineHaulCents: lineHaul,
        carrierPayCents: pay,
        platformCents: platform,
      })
      assert.equal(split.carrierPayCents + split.platformCents, lineHaul)
    }
  })
})
