import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { BOOKING_STATUSES, type BookingStatus, type StatusActor } from '#marketplace/booking_status'
import {
  addBusinessDays,
  cancellationQuote,
  LATE_CANCEL_FEE_CENTS,
  LATE_CANCEL_WINDOW_HOURS,
  REFUND_BUSINESS_DAYS,
  type CancellationFacts,
} from '#marketplace/cancellation_policy'
import { splitPayout } from '#core/money'
import { BUSINESS_TIME_ZONE } from '#core/business_time'

/** Pickup on 2026-03-10 (a Tuesday); its business day starts at 04:00 UTC (EDT from 03-08). */
const PICKUP_DAY = '2026-03-10'
const pickupStart = DateTime.fromISO(PICKUP_DAY, { zone: BUSINESS_TIME_ZONE }).startOf('day')
const HOUR = 3_600_000

/** The facts of a booking on its pickup day, `hoursBefore` its start (negative: after). */
function facts(hoursBefore: number, over: Partial<CancellationFacts> = {}): CancellationFacts {
  const now = pickupStart.minus({ milliseconds: hoursBefore * HOUR })
  return {
    status: 'booked',
    paymentStatus: 'paid',
    totalCents: 167_982,
    pickupDate: PICKUP_DAY,
    pickupWindowStartMs: null,
    freightBoard: false,
    today: now.setZone(BUSINESS_TIME_ZONE).toISODate()!,
    nowMs: now.toMillis(),
    ...over,
  }
}

test.group('Cancellation policy', () => {
  // status × time to pickup × paid/unpaid → refund, fee (decision 0178)
  const rows: [BookingStatus, number, string, { refund: number; fee: number } | 'refused'][] = [
    ['pending', 72, 'pending', { refund: 0, fee: 0 }],
    ['pending', 2, 'pending', { refund: 0, fee: 0 }],
    ['pending', -3, 'pending', { refund: 0, fee: 0 }],
    ['booked', 72, 'paid', { refund: 167_982, fee: 0 }],
    ['booked', 24.001, 'paid', { refund: 167_982, fee: 0 }],
    ['booked', 24, 'paid', { refund: 167_982 - LATE_CANCEL_FEE_CENTS, fee: LATE_CANCEL_FEE_CENTS }],
    ['booked', 2, 'paid', { refund: 167_982 - LATE_CANCEL_FEE_CENTS, fee: LATE_CANCEL_FEE_CENTS }],
    ['confirmed', 72, 'paid', { refund: 167_982, fee: 0 }],
    [
      'confirmed',
      1,
      'paid',
      { refund: 167_982 - LATE_CANCEL_FEE_CENTS, fee: LATE_CANCEL_FEE_CENTS },
    ],
    [
      'confirmed',
      -5,
      'paid',
      { refund: 167_982 - LATE_CANCEL_FEE_CENTS, fee: LATE_CANCEL_FEE_CENTS },
    ],
    ['in_transit', 72, 'paid', 'refused'],
    ['delayed', 2, 'paid', 'refused'],
    ['delivered', -48, 'paid', 'refused'],
    ['cancelled', 72, 'refunded', 'refused'],
  ]
  for (const [status, hours, paymentStatus, expected] of rows) {
    test(`${status}, ${hours} h before pickup, ${paymentStatus}`, ({ assert }) => {
      const quote = cancellationQuote(facts(hours, { status, paymentStatus }), 'shipper')
      if (expected === 'refused') {
        assert.isFalse(quote.cancellable)
        assert.isString(quote.refusal)
        assert.deepEqual([quote.refundCents, quote.feeCents, quote.carrierFeeCents], [0, 0, 0])
        assert.isNull(quote.refundArrivesBy)
        return
      }
      assert.isTrue(quote.cancellable)
      assert.isNull(quote.refusal)
      assert.equal(quote.refundCents, expected.refund)
      assert.equal(quote.feeCents, expected.fee)
      assert.equal(quote.late, hours <= LATE_CANCEL_WINDOW_HOURS)
      assert.equal(quote.refundCents + quote.feeCents, paymentStatus === 'paid' ? 167_982 : 0)
      assert.equal(quote.carrierFeeCents + quote.platformFeeCents, quote.feeCents)
      assert.deepEqual(
        { carrier: quote.carrierFeeCents, platform: quote.platformFeeCents },
        {
          carrier: splitPayout(expected.fee).payoutCents,
          platform: splitPayout(expected.fee).platformCents,
        }
      )
    })
  }

  test('the fee never exceeds the total', ({ assert }) => {
    const quote = cancellationQuote(facts(3, { totalCents: 9_999 }), 'shipper')
    assert.equal(quote.feeCents, 9_999)
    assert.equal(quote.refundCents, 0)
    assert.isNull(quote.refundArrivesBy)
    assert.equal(quote.carrierFeeCents + quote.platformFeeCents, 9_999)
  })

  test('the window is counted from the pickup window when the booking has one', ({ assert }) => {
    const windowStart = pickupStart.plus({ hours: 14 }).toMillis()
    // 30 h before the day starts is 44 h before a 14:00 window: not late.
    const early = cancellationQuote(facts(30, { pickupWindowStartMs: windowStart }), 'shipper')
    assert.isFalse(early.late)
    // 12 h before the day starts is 26 h before the window: still not late.
    assert.isFalse(
      cancellationQuote(facts(12, { pickupWindowStartMs: windowStart }), 'shipper').late
    )
    // 9 h before the day starts is 23 h before the window: late.
    const late = cancellationQuote(facts(9, { pickupWindowStartMs: windowStart }), 'shipper')
    assert.isTrue(late.late)
    assert.equal(late.feeCents, LATE_CANCEL_FEE_CENTS)
    assert.equal(late.pickupStartsAt, DateTime.fromMillis(windowStart, { zone: 'utc' }).toISO())
  })

  test('the pickup day starts at midnight in business time, whatever the process zone', ({
    assert,
  }) => {
    const quote = cancellationQuote(facts(24), 'shipper')
    assert.equal(quote.pickupStartsAt, '2026-03-10T04:00:00.000Z')
  })

  test('the refund lands within ten business days, weekends skipped', ({ assert }) => {
    assert.equal(REFUND_BUSINESS_DAYS, 10)
    // Friday 2026-03-06 + 10 working days = Friday 2026-03-20
    assert.equal(addBusinessDays('2026-03-06', 10), '2026-03-20')
    // Saturday 2026-03-07 + 1 = Monday 2026-03-09
    assert.equal(addBusinessDays('2026-03-07', 1), '2026-03-09')
    const quote = cancellationQuote(facts(72), 'shipper')
    assert.equal(quote.refundArrivesBy, addBusinessDays(facts(72).today, REFUND_BUSINESS_DAYS))
  })

  test('a freight-board booking says its load goes back on the board unfunded', ({ assert }) => {
    assert.equal(
      cancellationQuote(facts(72, { freightBoard: true }), 'shipper').load,
      'back_on_board_unfunded'
    )
    assert.equal(cancellationQuote(facts(72), 'shipper').load, 'none')
    assert.equal(
      cancellationQuote(facts(72, { freightBoard: true, status: 'in_transit' }), 'shipper').load,
      'none'
    )
  })

  test('only the shipper, an admin or the platform may cancel; never the carrier', ({ assert }) => {
    const actors: StatusActor[] = ['shipper', 'admin', 'carrier', 'partner']
    for (const status of BOOKING_STATUSES) {
      for (const actor of actors) {
        const quote = cancellationQuote(facts(72, { status }), actor)
        const expected =
          ['shipper', 'admin'].includes(actor) &&
          ['pending', 'booked', 'confirmed'].includes(status)
        assert.equal(quote.cancellable, expected, `${actor} cancelling ${status}`)
      }
    }
  })
})
