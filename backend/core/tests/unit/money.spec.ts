import { test } from '@japa/runner'
import { formatUsd, fromCents, roundCents, splitPayout, toCents } from '#core/money'

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

  test('payout and platform share always add up to the total', ({ assert }) => {
    assert.deepEqual(splitPayout(10000), { payoutCents: 9100, platformCents: 900 })
    assert.deepEqual(splitPayout(1), { payoutCents: 1, platformCents: 0 })
    assert.deepEqual(splitPayout(50), { payoutCents: 46, platformCents: 4 })
    for (let total = 0; total < 20000; total += 7) {
      const { payoutCents, platformCents } = splitPayout(total)
      assert.equal(payoutCents + platformCents, total)
      assert.isAtMost(Math.abs(payoutCents - total * 0.91), 0.5)
    }
  })
})
