import { test } from '@japa/runner'
import {
  QUICK_PAY_FEE_PERCENT,
  quickPayFee,
  splitPayout,
  splitQuickPay,
  toCents,
} from '#core/money'
import {
  assertBalanced,
  chargeLines,
  payoutLines,
  quickPayFeeLines,
  releaseLines,
} from '#payments/services/ledger_service'
import { bookingMoney, checkBooking } from '#payments/services/reconciliation_service'
import { carrierPayoutCents } from '#payments/services/payout_rules'
import { quoteOf, type QuickPayFacts } from '#payments/services/quick_pay_service'

/** Ledger rows as the database returns them, from posted lines. */
const rows = (txn: string, lines: ReturnType<typeof chargeLines>) =>
  lines.map((l) => ({
    booking_id: 1,
    txn,
    kind: l.kind,
    account: l.account,
    amount_cents: String(l.amountCents),
  }))

test.group('Quick pay fee and split (decision 0222)', () => {
  test('the fee is 2 percent of the payout, rounded down to the cent', ({ assert }) => {
    assert.equal(QUICK_PAY_FEE_PERCENT, 2)
    assert.equal(quickPayFee(0), 0)
    assert.equal(quickPayFee(1), 0)
    assert.equal(quickPayFee(49), 0)
    assert.equal(quickPayFee(50), 1)
    assert.equal(quickPayFee(99), 1)
    assert.equal(quickPayFee(100), 2)
    assert.equal(quickPayFee(149), 2)
    // odd cents: 2 % of 112,346 is 2,246.92, down to 2,246
    assert.equal(quickPayFee(112346), 2246)
    // large: $90 million payout
    assert.equal(quickPayFee(9_000_000_000), 180_000_000)
    assert.equal(quickPayFee(Number.MAX_SAFE_INTEGER), Math.floor(Number.MAX_SAFE_INTEGER / 50))
    assert.throws(() => quickPayFee(1.5))
  })

  test('paid now plus the platform share is the total, to the cent, at every edge', ({
    assert,
  }) => {
    const totals = [1, 2, 3, 49, 55, 99, 101, 1099, 123457, 99_999_999, 1_000_000_001]
    for (let cents = 0; cents <= 5000; cents++) totals.push(cents)
    for (const total of totals) {
      const split = splitQuickPay(total)
      assert.equal(split.paidNowCents + split.platformCents, total, `total ${total}`)
      assert.equal(split.payoutCents, splitPayout(total).payoutCents)
      assert.equal(split.feeCents, quickPayFee(split.payoutCents))
      assert.equal(split.platformCents, splitPayout(total).platformCents + split.feeCents)
      assert.isAtLeast(split.paidNowCents, 0)
      // never more than the percent of the payout
      assert.isAtMost(split.feeCents * 100, split.payoutCents * QUICK_PAY_FEE_PERCENT)
    }
    // one cent: the carrier's share rounds up to the cent and pays no fee
    assert.deepEqual(splitQuickPay(1), {
      payoutCents: 1,
      feeCents: 0,
      paidNowCents: 1,
      platformCents: 0,
    })
    // $1,234.57: 91 % is $1,123.46, the fee $22.46, paid now $1,101.00
    assert.deepEqual(splitQuickPay(123457), {
      payoutCents: 112346,
      feeCents: 2246,
      paidNowCents: 110100,
      platformCents: 13357,
    })
  })

  test('the transfer pays the payout less the fee; a booking not quick-paid pays the payout', ({
    assert,
  }) => {
    const base = { totalAmount: '1234.57', cancellationFeeCents: null }
    assert.equal(carrierPayoutCents(base), 112346)
    assert.equal(carrierPayoutCents({ ...base, quickPayFeeCents: null }), 112346)
    assert.equal(carrierPayoutCents({ ...base, quickPayFeeCents: 2246 }), 110100)
  })

  test('the fee lines balance and move the fee from the payable to the platform', ({ assert }) => {
    const lines = quickPayFeeLines(2246, 7)
    assertBalanced(lines)
    assert.deepEqual(
      lines.map((l) => [l.account, l.kind, l.amountCents]),
      [
        ['carrier_payable:7', 'quick_pay_fee', 2246],
        ['platform_revenue', 'quick_pay_fee', -2246],
      ]
    )
  })
})

test.group('Reconciliation of a quick-paid booking', () => {
  const booking = (payoutStatus: string, quickPayFee: number | null) => ({
    id: 1,
    total_amount: '1234.57',
    payment_status: 'paid',
    payout_status: payoutStatus,
    quick_pay_fee_cents: quickPayFee,
  })
  const total = 123457
  const { feeCents, paidNowCents, platformCents } = splitQuickPay(total)

  test('released and transferred with the fee adds up to the cent', ({ assert }) => {
    const released = [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
      ...rows('q', quickPayFeeLines(feeCents, 7)),
    ]
    const held = bookingMoney(booking('released', feeCents), released)
    assert.deepEqual(checkBooking(held, total), [])
    assert.equal(held.payableCents, paidNowCents)

    const paid = bookingMoney(booking('paid', feeCents), [
      ...released,
      ...rows('p', payoutLines(paidNowCents, 7)),
    ])
    assert.deepEqual(checkBooking(paid, total), [])
    assert.equal(paid.payoutCents, paidNowCents)
    assert.equal(paid.platformShareCents, platformCents)
    assert.equal(paid.payoutCents + paid.platformShareCents, total)
  })

  test('a fee missing from the ledger, or the full payout transferred, is named', ({ assert }) => {
    const noFeeLine = bookingMoney(booking('paid', feeCents), [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
      ...rows('p', payoutLines(paidNowCents, 7)),
    ])
    assert.isNotEmpty(checkBooking(noFeeLine, total))

    const paidTwice = bookingMoney(booking('paid', feeCents), [
      ...rows('c', chargeLines(total)),
      ...rows('r', releaseLines(total, 7)),
      ...rows('q', quickPayFeeLines(feeCents, 7)),
      ...rows('p', payoutLines(splitPayout(total).payoutCents, 7)),
    ])
    assert.isNotEmpty(checkBooking(paidTwice, total))

    const feeButPending = bookingMoney(booking('pending', feeCents), rows('c', chargeLines(total)))
    assert.include(checkBooking(feeButPending, total).join('\n'), 'quick-pay fee')
  })
})

test.group('Quick pay quote', () => {
  const facts = (overrides: Partial<QuickPayFacts> = {}): QuickPayFacts => ({
    id: 42,
    carrier_id: 7,
    status: 'delivered',
    payment_status: 'paid',
    payout_status: 'pending',
    total_amount: '1234.57',
    quick_pay_fee_cents: null,
    quick_paid_at: null,
    vetting_snapshot: null,
    ...overrides,
  })

  test('a delivered, paid, pending booking of a ready carrier is available', ({ assert }) => {
    const quote = quoteOf(facts(), 'ready')
    assert.deepInclude(quote, {
      bookingId: 42,
      reference: 'TRT-042',
      available: true,
      reasonCode: null,
      reason: null,
      feePercent: 2,
      payoutCents: 112346,
      feeCents: 2246,
      amountNowCents: 110100,
    })
    assert.equal(quote.payoutCents, splitPayout(toCents('1234.57')).payoutCents)
  })

  test('recoveries the carrier owes are netted from what it is paid now, oldest first', ({
    assert,
  }) => {
    // 112346 payout, 2246 fee: 110100 after the fee.
    const open = [
      { claimId: 9, outstandingCents: 100_000 },
      { claimId: 3, outstandingCents: 5_000 },
    ]
    const some = quoteOf(facts(), 'ready', { nettedCents: null, open })
    assert.deepInclude(some, { recoveryCents: 105_000, amountNowCents: 5_100 })
    const all = quoteOf(facts(), 'ready', {
      nettedCents: null,
      open: [{ claimId: 1, outstandingCents: 500_000 }],
    })
    assert.deepInclude(all, { recoveryCents: 110_100, amountNowCents: 0, available: true })
    // Once netted, the recorded deduction is the quote's, whatever is open now.
    const netted = quoteOf(facts({ quick_pay_fee_cents: 2246, payout_status: 'paid' }), 'ready', {
      nettedCents: 700,
      open,
    })
    assert.deepInclude(netted, { recoveryCents: 700, amountNowCents: 109_400 })
    assert.deepInclude(quoteOf(facts(), 'ready'), { recoveryCents: 0, amountNowCents: 110_100 })
  })

  test('each reason it is not, the most final first', ({ assert }) => {
    const failed = JSON.stringify({ driver: 'x', checkedAt: '', result: 'fail', checks: [] })
    const cases: [Partial<QuickPayFacts>, 'ready' | 'payout_hold' | 'onboarding', string][] = [
      [{ carrier_id: null }, 'ready', 'no_payout'],
      [{ status: 'cancelled' }, 'ready', 'no_payout'],
      [{ quick_pay_fee_cents: 2246, payout_status: 'paid' }, 'ready', 'quick_paid'],
      [{ payout_status: 'paid' }, 'ready', 'already_paid'],
      [{ payout_status: 'released' }, 'ready', 'already_released'],
      [{ payout_status: 'failed' }, 'ready', 'already_released'],
      [{ payment_status: 'pending', status: 'pending' }, 'ready', 'not_paid'],
      [{ status: 'in_transit' }, 'ready', 'not_delivered'],
      [{ vetting_snapshot: failed }, 'ready', 'vetting_failed'],
      [{}, 'payout_hold', 'payout_hold'],
      [{}, 'onboarding', 'onboarding'],
    ]
    for (const [overrides, standing, code] of cases) {
      const quote = quoteOf(facts(overrides), standing)
      assert.isFalse(quote.available, code)
      assert.equal(quote.reasonCode, code)
      assert.isString(quote.reason)
    }
    // a quick-paid booking quotes the fee it was charged
    assert.equal(quoteOf(facts({ quick_pay_fee_cents: 2000 }), 'ready').feeCents, 2000)
  })
})
