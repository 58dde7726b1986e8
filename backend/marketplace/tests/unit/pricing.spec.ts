import { test } from '@japa/runner'
import { PLATFORM_SHARE_PERCENT } from '#core/money'
import { priceShipment, storedBreakdown, toBreakdown } from '#marketplace/services/pricing'

test.group('Pricing in integer cents (docs/spec.md §9)', () => {
  test('4 pallets × 283.4 mi × $2.50: line haul $2,834.00, total $3,089.06', ({ assert }) => {
    // 4 × 283.4 × 250¢ = 283,400¢; × 1.09 = 308,906¢; fee = 25,506¢
    const price = priceShipment({ pallets: 4, distanceMiles: 283.4, rateCents: 250 })
    assert.deepEqual(price, { lineHaulCents: 283400, platformFeeCents: 25506, totalCents: 308906 })
    assert.deepEqual(toBreakdown(price), { lineHaul: 2834, platformFee: 255.06, total: 3089.06 })
  })

  test('the uplift is the platform share of #core/money: 9 percent, what 1.09 says', ({
    assert,
  }) => {
    assert.equal(PLATFORM_SHARE_PERCENT, 9)
    // 3 × 250 mi × $2.50 = $1,875.00; × 1.09 = $2,043.75 exactly
    assert.deepEqual(priceShipment({ pallets: 3, distanceMiles: 250, rateCents: 250 }), {
      lineHaulCents: 187500,
      platformFeeCents: 16875,
      totalCents: 204375,
    })
  })

  test('each step rounds half a cent up', ({ assert }) => {
    // 1 × 0.1 mi × 105¢ = 10.5¢ → 11¢; 11 × 1.09 = 11.99¢ → 12¢
    assert.deepEqual(priceShipment({ pallets: 1, distanceMiles: 0.1, rateCents: 105 }), {
      lineHaulCents: 11,
      platformFeeCents: 1,
      totalCents: 12,
    })
    // 1 × 0.2 mi × 250¢ = 50¢; 50 × 1.09 = 54.5¢ → 55¢
    assert.deepEqual(priceShipment({ pallets: 1, distanceMiles: 0.2, rateCents: 250 }), {
      lineHaulCents: 50,
      platformFeeCents: 5,
      totalCents: 55,
    })
    // 3 × 123.7 mi × $1.85 = 68,653.5¢ → 68,654¢; × 1.09 = 74,832.86¢ → 74,833¢
    assert.deepEqual(priceShipment({ pallets: 3, distanceMiles: 123.7, rateCents: 185 }), {
      lineHaulCents: 68654,
      platformFeeCents: 6179,
      totalCents: 74833,
    })
  })

  test('binary fractions of miles do not leak into cents', ({ assert }) => {
    // 283.4 × 100 is 28339.999… in floating point; the price must not lose a cent.
    const price = priceShipment({ pallets: 1, distanceMiles: 283.4, rateCents: 1 })
    assert.equal(price.lineHaulCents, 283)
    // 0.1 + 0.2 miles is 0.30000000000000004
    assert.equal(
      priceShipment({ pallets: 10, distanceMiles: 0.1 + 0.2, rateCents: 100 }).lineHaulCents,
      300
    )
  })

  test('line haul plus fee is always the total', ({ assert }) => {
    for (let pallets = 1; pallets <= 26; pallets += 5) {
      for (const distanceMiles of [0.1, 12.3, 99.9, 283.4, 1234.5, 2789.9]) {
        for (const rateCents of [1, 99, 185, 250, 310, 1999]) {
          const p = priceShipment({ pallets, distanceMiles, rateCents })
          assert.equal(p.lineHaulCents + p.platformFeeCents, p.totalCents)
          assert.isTrue(Number.isSafeInteger(p.totalCents))
          const exact = (pallets * Math.round(distanceMiles * 10) * rateCents) / 10
          assert.isAtMost(Math.abs(p.lineHaulCents - exact), 0.5)
        }
      }
    }
  })

  test('refuses nonsense inputs', ({ assert }) => {
    assert.throws(() => priceShipment({ pallets: 1.5, distanceMiles: 10, rateCents: 100 }))
    assert.throws(() => priceShipment({ pallets: 1, distanceMiles: -1, rateCents: 100 }))
    assert.throws(() => priceShipment({ pallets: 1, distanceMiles: 10, rateCents: 2.5 }))
    assert.throws(() => priceShipment({ pallets: 1, distanceMiles: Number.NaN, rateCents: 100 }))
  })

  test('a stored booking repeats the breakdown it was priced with', ({ assert }) => {
    assert.deepEqual(
      storedBreakdown({
        numberOfPallets: 4,
        distance: 283.4,
        ratePerMilePerPallet: 2.5,
        totalAmount: 3089.06,
      }),
      { lineHaul: 2834, platformFee: 255.06, total: 3089.06 }
    )
  })

  test('a booking priced elsewhere keeps its total; the fee is split out of it', ({ assert }) => {
    // $1,090.00 / 1.09 = $1,000.00 line haul
    assert.deepEqual(
      storedBreakdown({
        numberOfPallets: 2,
        distance: 250,
        ratePerMilePerPallet: 2.5,
        totalAmount: 1090,
      }),
      { lineHaul: 1000, platformFee: 90, total: 1090 }
    )
    assert.deepEqual(
      storedBreakdown({
        numberOfPallets: 2,
        distance: null,
        ratePerMilePerPallet: null,
        totalAmount: 50,
      }),
      { lineHaul: 50, platformFee: 0, total: 50 }
    )
  })
})
