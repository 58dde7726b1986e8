/*
 * Cargo claims' rules (docs/decisions/0232, 0233): every transition of the state machine, the
 * filing and answering windows at their edges in business days (through `businessToday` on a
 * fixed clock, so a New York midnight is the edge, not UTC's), the ceiling and the settlement's
 * split between a refund out of the held payout and a recovery.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  CLAIM_FILING_MONTHS,
  CLAIM_LIABILITY_LIMIT_CENTS,
  CLAIM_RESPONSE_DAYS,
  type ClaimAction,
  type ClaimFacts,
  type ClaimStatus,
  ClaimStepRefused,
  businessDayOf,
  claimCeilingCents,
  isFinal,
  lastFilingDayOf,
  respondByOf,
  settlementSplit,
  stepOf,
  withinFilingWindow,
} from '#payments/services/claim_rules'
import { FixedClock } from '#core/clock'
import { businessToday } from '#core/business_time'
import {
  assertBalanced,
  claimRefundLines,
  releaseLines,
  chargeLines,
  payoutLines,
} from '#payments/services/ledger_service'
import { bookingMoney, checkBooking } from '#payments/services/reconciliation_service'
import { carrierPayoutCents } from '#payments/services/payout_rules'
import { quoteOf, type QuickPayFacts } from '#payments/services/quick_pay_service'
import { splitPayout } from '#core/money'

const FILED_ON = '2026-03-02'
const RESPOND_BY = respondByOf(FILED_ON)

function claim(status: ClaimStatus, extra: Partial<ClaimFacts> = {}): ClaimFacts {
  return { status, amountCents: 50_000, offerCents: null, respondBy: RESPOND_BY, ...extra }
}

function refusedCode(fn: () => unknown): string | null {
  try {
    fn()
    return null
  } catch (error) {
    if (error instanceof ClaimStepRefused) return error.code
    throw error
  }
}

const ALL: ClaimAction[] = [
  { kind: 'carrier_accept' },
  { kind: 'carrier_offer', offerCents: 10_000 },
  { kind: 'carrier_decline' },
  { kind: 'shipper_accept' },
  { kind: 'shipper_escalate' },
  { kind: 'admin_decide', amountCents: 10_000 },
]

test.group('Claim rules: the constants', () => {
  test('the Carmack window is 9 months, the carrier has 30 days, the limit is $100,000', ({
    assert,
  }) => {
    assert.equal(CLAIM_FILING_MONTHS, 9)
    assert.equal(CLAIM_RESPONSE_DAYS, 30)
    assert.equal(CLAIM_LIABILITY_LIMIT_CENTS, 10_000_000)
    assert.equal(claimCeilingCents(null), CLAIM_LIABILITY_LIMIT_CENTS)
    assert.equal(claimCeilingCents(0), CLAIM_LIABILITY_LIMIT_CENTS)
    assert.equal(claimCeilingCents(250_000), 250_000)
  })
})

test.group('Claim rules: the filing window at its edges (business days)', () => {
  test('from the delivery day through the same day 9 months later, not a day after', ({
    assert,
  }) => {
    assert.equal(lastFilingDayOf('2026-03-02'), '2026-12-02')
    assert.isTrue(withinFilingWindow('2026-03-02', '2026-03-02'))
    assert.isTrue(withinFilingWindow('2026-03-02', '2026-12-02'))
    assert.isFalse(withinFilingWindow('2026-03-02', '2026-12-03'))
    assert.isFalse(withinFilingWindow('2026-03-02', '2026-03-01'))
    // month ends clamp: delivered on May 31, the window ends on the last day of February
    assert.equal(lastFilingDayOf('2026-05-31'), '2027-02-28')
  })

  test('the edge is midnight in New York: 04:59 UTC is still the day before in March', ({
    assert,
  }) => {
    // Delivered at 23:30 New York time on 2026-03-02 (04:30 UTC on the 3rd)
    const delivered = DateTime.fromISO('2026-03-03T04:30:00Z')
    const deliveredOn = businessDayOf(delivered)
    assert.equal(deliveredOn, '2026-03-02')
    // 2026-12-03 04:59 UTC is 23:59 on 2026-12-02 in New York (EST): still open
    const lastMinute = new FixedClock(DateTime.fromISO('2026-12-03T04:59:00Z'))
    assert.isTrue(withinFilingWindow(deliveredOn, businessToday(lastMinute)))
    const nextDay = new FixedClock(DateTime.fromISO('2026-12-03T05:00:00Z'))
    assert.isFalse(withinFilingWindow(deliveredOn, businessToday(nextDay)))
  })
})

test.group('Claim rules: the carrier answers within 30 days', () => {
  test('respond-by is 30 calendar days after filing', ({ assert }) => {
    assert.equal(RESPOND_BY, '2026-04-01')
  })

  test('accept, offer and decline on the last day; refused the day after', ({ assert }) => {
    assert.deepEqual(stepOf(claim('filed'), { kind: 'carrier_accept' }, RESPOND_BY), {
      status: 'settled',
      settleCents: 50_000,
    })
    assert.deepEqual(
      stepOf(claim('filed'), { kind: 'carrier_offer', offerCents: 20_000 }, RESPOND_BY),
      { status: 'offered', settleCents: null }
    )
    assert.deepEqual(stepOf(claim('filed'), { kind: 'carrier_decline' }, RESPOND_BY), {
      status: 'declined',
      settleCents: null,
    })
    for (const action of ALL.slice(0, 3)) {
      assert.equal(
        refusedCode(() => stepOf(claim('filed'), action, '2026-04-02')),
        'response_window_closed'
      )
    }
  })

  test('an offer is less than the claim and names offerCents when refused', ({ assert }) => {
    try {
      stepOf(claim('filed'), { kind: 'carrier_offer', offerCents: 50_000 }, FILED_ON)
      assert.fail('an offer of the whole claim was taken')
    } catch (error) {
      assert.instanceOf(error, ClaimStepRefused)
      assert.equal((error as ClaimStepRefused).code, 'offer_too_large')
      assert.equal((error as ClaimStepRefused).field, 'offerCents')
    }
    assert.equal(
      stepOf(claim('filed'), { kind: 'carrier_offer', offerCents: 49_999 }, FILED_ON).status,
      'offered'
    )
  })

  test('the carrier answers once', ({ assert }) => {
    for (const status of ['offered', 'declined', 'escalated'] as const) {
      for (const action of ALL.slice(0, 3)) {
        assert.equal(
          refusedCode(() => stepOf(claim(status), action, FILED_ON)),
          'not_open'
        )
      }
    }
  })
})

test.group('Claim rules: the shipper accepts or escalates', () => {
  test('accepting an offer settles it; accepting a decline closes it', ({ assert }) => {
    assert.deepEqual(
      stepOf(claim('offered', { offerCents: 20_000 }), { kind: 'shipper_accept' }, FILED_ON),
      { status: 'settled', settleCents: 20_000 }
    )
    assert.deepEqual(stepOf(claim('declined'), { kind: 'shipper_accept' }, FILED_ON), {
      status: 'closed',
      settleCents: null,
    })
    assert.equal(
      refusedCode(() => stepOf(claim('filed'), { kind: 'shipper_accept' }, FILED_ON)),
      'not_open'
    )
    assert.equal(
      refusedCode(() => stepOf(claim('escalated'), { kind: 'shipper_accept' }, FILED_ON)),
      'not_open'
    )
    assert.equal(
      refusedCode(() => stepOf(claim('offered'), { kind: 'shipper_accept' }, FILED_ON)),
      'no_offer'
    )
  })

  test('escalates an offer or a decline at once, an unanswered claim only after its window', ({
    assert,
  }) => {
    for (const status of ['offered', 'declined'] as const) {
      assert.equal(
        stepOf(claim(status), { kind: 'shipper_escalate' }, FILED_ON).status,
        'escalated'
      )
    }
    assert.equal(
      refusedCode(() => stepOf(claim('filed'), { kind: 'shipper_escalate' }, RESPOND_BY)),
      'response_window_open'
    )
    assert.equal(
      stepOf(claim('filed'), { kind: 'shipper_escalate' }, '2026-04-02').status,
      'escalated'
    )
    assert.equal(
      refusedCode(() => stepOf(claim('escalated'), { kind: 'shipper_escalate' }, FILED_ON)),
      'not_open'
    )
  })
})

test.group('Claim rules: an admin decides escalations', () => {
  test('an amount up to the claim settles it, nothing closes it, more is refused', ({ assert }) => {
    assert.deepEqual(
      stepOf(claim('escalated'), { kind: 'admin_decide', amountCents: 50_000 }, FILED_ON),
      { status: 'settled', settleCents: 50_000 }
    )
    assert.deepEqual(
      stepOf(claim('escalated'), { kind: 'admin_decide', amountCents: 0 }, FILED_ON),
      { status: 'closed', settleCents: null }
    )
    assert.equal(
      refusedCode(() =>
        stepOf(claim('escalated'), { kind: 'admin_decide', amountCents: 50_001 }, FILED_ON)
      ),
      'amount_too_large'
    )
    for (const status of ['filed', 'offered', 'declined'] as const) {
      assert.equal(
        refusedCode(() =>
          stepOf(claim(status), { kind: 'admin_decide', amountCents: 1 }, FILED_ON)
        ),
        'not_escalated'
      )
    }
  })

  test('settled and closed claims take no step at all', ({ assert }) => {
    for (const status of ['settled', 'closed'] as const) {
      assert.isTrue(isFinal(status))
      for (const action of ALL) {
        assert.equal(
          refusedCode(() => stepOf(claim(status), action, FILED_ON)),
          'not_open'
        )
      }
    }
    for (const status of ['filed', 'offered', 'declined', 'escalated'] as const) {
      assert.isFalse(isFinal(status))
    }
  })
})

test.group('Claim rules: the money', () => {
  test('a held claim is refunded out of the payout, the rest recorded as a recovery', ({
    assert,
  }) => {
    assert.deepEqual(settlementSplit(20_000, true, 91_000), {
      refundCents: 20_000,
      recoveryCents: 0,
    })
    assert.deepEqual(settlementSplit(120_000, true, 91_000), {
      refundCents: 91_000,
      recoveryCents: 29_000,
    })
    assert.deepEqual(settlementSplit(20_000, false, 91_000), {
      refundCents: 0,
      recoveryCents: 20_000,
    })
  })

  test('the ledger balances and the reconciliation is exact for a claim refund', ({ assert }) => {
    for (const [total, refund] of [
      [100_000, 20_000],
      [100_000, 91_000],
      [12_345, 1],
      [12_345, splitPayout(12_345).payoutCents],
    ]) {
      assertBalanced(claimRefundLines(refund, 7))
      const payout = carrierPayoutCents({
        totalAmount: total / 100,
        cancellationFeeCents: null,
        claimRefundCents: refund,
      })
      assert.equal(payout, splitPayout(total).payoutCents - refund)
      const rows = [
        ...chargeLines(total).map((l) => ({ ...l, txn: 'c' })),
        ...releaseLines(total, 7).map((l) => ({ ...l, txn: 'r' })),
        ...claimRefundLines(refund, 7).map((l) => ({ ...l, txn: 'cr' })),
        ...(payout > 0 ? payoutLines(payout, 7).map((l) => ({ ...l, txn: 'p' })) : []),
      ].map((l) => ({
        booking_id: 1,
        txn: l.txn,
        kind: l.kind,
        account: l.account,
        amount_cents: l.amountCents,
      }))
      const booking = {
        id: 1,
        total_amount: total / 100,
        payment_status: 'paid',
        payout_status: 'paid',
        claim_refund_cents: refund,
      }
      const money = bookingMoney(booking, rows)
      assert.equal(money.refundedCents, refund)
      assert.deepEqual(checkBooking(money, total), [])
      // The same books without the booking's record of the refund do not reconcile.
      const unrecorded = bookingMoney({ ...booking, claim_refund_cents: null }, rows)
      assert.isNotEmpty(checkBooking(unrecorded, total))
    }
  })

  test('quick pay is not available while a claim holds the booking', ({ assert }) => {
    const facts: QuickPayFacts = {
      id: 5,
      carrier_id: 3,
      status: 'delivered',
      payment_status: 'paid',
      payout_status: 'pending',
      total_amount: '1000.00',
      quick_pay_fee_cents: null,
      quick_paid_at: null,
      claim_hold_claim_id: 9,
      vetting_snapshot: null,
    }
    const held = quoteOf(facts, 'ready')
    assert.isFalse(held.available)
    assert.equal(held.reasonCode, 'claim_hold')
    assert.isTrue(quoteOf({ ...facts, claim_hold_claim_id: null }, 'ready').available)
  })
})
