import { test } from '@japa/runner'
import {
  ACCOUNTS,
  UnbalancedTransactionError,
  assertBalanced,
  chargeLines,
  payoutLines,
  refundLines,
  releaseLines,
} from '#payments/services/ledger_service'
import { bookingMoney, checkBooking } from '#payments/services/reconciliation_service'
import { retryDelayMinutes } from '#payments/services/payout_service'
import { splitPayout } from '#core/money'

const sum = (lines: { amountCents: number }[]) => lines.reduce((s, l) => s + l.amountCents, 0)

/** Ledger rows as the database returns them, from posted lines. */
const rows = (txn: string, lines: ReturnType<typeof chargeLines>) =>
  lines.map((l) => ({
    booking_id: 1,
    txn,
    kind: l.kind,
    account: l.account,
    amount_cents: String(l.amountCents),
  }))

const booking = (paymentStatus: string, payoutStatus: string, total = '1234.57') => ({
  id: 1,
  total_amount: total,
  payment_status: paymentStatus,
  payout_status: payoutStatus,
})

test.group('Ledger transactions', () => {
  test('every transaction balances, for any total', ({ assert }) => {
    for (const total of [1, 99, 100, 101, 12345, 123457, 999999999]) {
      for (const lines of [
        chargeLines(total),
        releaseLines(total, 7),
        payoutLines(splitPayout(total).payoutCents, 7),
        refundLines(total),
      ]) {
        assert.equal(sum(lines), 0)
        assert.doesNotThrow(() => assertBalanced(lines))
      }
    }
  })

  test('the release splits into 91 percent for the carrier and the rest for the platform', ({
    assert,
  }) => {
    const lines = releaseLines(123457, 7)
    const of = (account: string) => lines.find((l) => l.account === account)!.amountCents
    assert.equal(of(ACCOUNTS.escrow), 123457)
    assert.equal(of(ACCOUNTS.carrierPayable(7)), -112346)
    assert.equal(of(ACCOUNTS.platformRevenue), -11111)
  })

  test('unbalanced, fractional or one-line transactions are refused', ({ assert }) => {
    assert.throws(
      () => assertBalanced([{ account: 'a', kind: 'charge', amountCents: 1 }]),
      UnbalancedTransactionError
    )
    assert.throws(
      () =>
        assertBalanced([
          { account: 'a', kind: 'charge', amountCents: 100 },
          { account: 'b', kind: 'charge', amountCents: -99 },
        ]),
      /sum to 1/
    )
    assert.throws(
      () =>
        assertBalanced([
          { account: 'a', kind: 'charge', amountCents: 0.5 },
          { account: 'b', kind: 'charge', amountCents: -0.5 },
        ]),
      /integer/
    )
    assert.throws(
      () =>
        assertBalanced([
          { account: 'a', kind: 'charge', amountCents: 5 },
          { account: 'a', kind: 'charge', amountCents: -5 },
        ]),
      /twice/
    )
  })
})

test.group('Reconciliation of one booking', () => {
  test('a paid, released and transferred booking adds up', ({ assert }) => {
    const total = 123457
    const lines = [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
      ...rows('p', payoutLines(splitPayout(total).payoutCents, 7)),
    ]
    const money = bookingMoney(booking('paid', 'paid'), lines)
    assert.equal(money.chargedCents, total)
    assert.equal(money.payoutCents, 112346)
    assert.equal(money.platformShareCents, 11111)
    assert.equal(money.escrowCents, 0)
    assert.equal(money.payableCents, 0)
    assert.deepEqual(checkBooking(money, total), [])
  })

  test('pending, released-but-held and refunded bookings each add up', ({ assert }) => {
    const total = 123457
    const pending = bookingMoney(booking('paid', 'pending'), rows('c', chargeLines(total)))
    assert.deepEqual(checkBooking(pending, total), [])
    assert.equal(pending.escrowCents, total)

    const held = bookingMoney(booking('paid', 'released'), [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
    ])
    assert.deepEqual(checkBooking(held, total), [])
    assert.equal(held.payableCents, 112346)

    const refunded = bookingMoney(booking('refunded', 'pending'), [
      ...rows('c', chargeLines(total)),
      ...rows('f', refundLines(total)),
    ])
    assert.deepEqual(checkBooking(refunded, total), [])
    assert.equal(refunded.refundedCents, total)

    const unpaid = bookingMoney(booking('pending', 'pending'), [])
    assert.deepEqual(checkBooking(unpaid, 0), [])
  })

  test('every kind of mismatch is named', ({ assert }) => {
    const total = 123457
    // charged less than the booking total
    const short = bookingMoney(booking('paid', 'pending'), rows('c', chargeLines(total - 1)))
    // Amounts read as money everywhere: with thousands separators.
    assert.match(
      checkBooking(short, total - 1).join('\n'),
      /booking total \$1,234\.57 but charged \$1,234\.56/
    )
    // paid out but the booking says pending
    const early = bookingMoney(booking('paid', 'pending'), [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
    ])
    assert.match(checkBooking(early, total).join('\n'), /payout pending but escrow holds/)
    // booking says paid out, ledger has no transfer
    const missing = bookingMoney(booking('paid', 'paid'), [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
    ])
    assert.match(checkBooking(missing, total).join('\n'), /payout paid: transferred \$0.00/)
    // the payments table disagrees with the ledger
    const ok = bookingMoney(booking('paid', 'pending'), rows('c', chargeLines(total)))
    assert.match(checkBooking(ok, 0).join('\n'), /payments record \$0.00/)
    // an unpaid booking with a charge
    const unpaid = bookingMoney(booking('pending', 'pending'), rows('c', chargeLines(total)))
    assert.match(checkBooking(unpaid, total).join('\n'), /unpaid booking charged/)
  })
})

test.group('Payout retry backoff', () => {
  test('doubles from 5 minutes and stops growing at 12 hours', ({ assert }) => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(retryDelayMinutes),
      [5, 10, 20, 40, 80, 160, 320, 640, 720, 720]
    )
  })
})
