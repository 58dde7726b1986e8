import { test } from '@japa/runner'
import {
  CARRIER_PAYOUT_PERCENT,
  PLATFORM_SHARE_PERCENT,
  formatUsd,
  fromCents,
  roundCents,
  splitPayout,
  toCents,
} from '#core/money'

test.group('money', () => {
  test('dollars to cents rounds half away from zero on the decimal value', ({ assert }) => {
    assert.equal(toCents(12.34), 1234)
    assert.equal(toCents('12.34'), 1234)
    assert.equal(toCents(1.005), 101)
    assert.equal(toCents(0.1 + 0.2), 30)
    assert.equal(toCents(-2.5), -250)
    assert.equal(toCents('1090.00'), 109000)
    assert.throws(() => toCents('abc'))
  })

  test('cents to dollars and formatting', ({ assert }) => {
    assert.equal(fromCents(123456), 1234.56)
    assert.equal(formatUsd(123456), '$1,234.56')
    assert.throws(() => fromCents(1.5))
    assert.equal(roundCents(10.5), 11)
    assert.equal(roundCents(-10.5), -11)
  })

  test('the split is one pair of whole percents: 91 to the carrier, 9 to the platform', ({
    assert,
  }) => {
    assert.equal(CARRIER_PAYOUT_PERCENT, 91)
    assert.equal(PLATFORM_SHARE_PERCENT, 9)
    assert.equal(CARRIER_PAYOUT_PERCENT + PLATFORM_SHARE_PERCENT, 100)
    assert.isTrue(Number.isInteger(CARRIER_PAYOUT_PERCENT))
  })

  test('payout and platform share always add up to the total', ({ assert }) => {
    assert.deepEqual(splitPayout(10000), { payoutCents: 9100, platformCents: 900 })
    assert.deepEqual(splitPayout(1), { payoutCents: 1, platformCents: 0 })
    assert.deepEqual(splitPayout(50), { payoutCents: 46, platformCents: 4 })
    for (let total = 0; total < 20000; total += 7) {
      const { payoutCents, platformCents } = splitPayout(total)
      assert.equal(payoutCents + platformCents, total)
      assert.isAtMost(Math.abs(payoutCents - (total * CARRIER_PAYOUT_PERCENT) / 100), 0.5)
      assert.isAtMost(Math.abs(platformCents - (total * PLATFORM_SHARE_PERCENT) / 100), 0.5)
    }
  })

  test('half a cent of payout rounds up to the carrier', ({ assert }) => {
    // 91 percent of 50 cents is 45.5 cents
    assert.deepEqual(splitPayout(50), { payoutCents: 46, platformCents: 4 })
    // 91 percent of 150 cents is 136.5 cents
    assert.deepEqual(splitPayout(150), { payoutCents: 137, platformCents: 13 })
    assert.deepEqual(splitPayout(0), { payoutCents: 0, platformCents: 0 })
    assert.throws(() => splitPayout(10.5), /integer/)
  })
})
