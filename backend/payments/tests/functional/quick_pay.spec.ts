/*
 * Quick pay (docs/decisions/0222): a carrier takes a delivered booking's payout now instead of
 * 48 hours after delivery, for a fee. GET /api/carrier/bookings/:id/quick-pay quotes it, POST
 * takes it through the payout run's own transfer.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PayoutService, { AUTO_RELEASE_HOURS } from '#payments/services/payout_service'
import PayoutHoldService from '#payments/services/payout_hold_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { QUICK_PAY_MESSAGES } from '#payments/services/quick_pay_service'
import { splitQuickPay, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import {
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  signInSessions,
} from '#tests/helpers'
import { makeBooking } from '#tests/factories'
import {
  deliver,
  deliveredBooking,
  fixClock,
  ledgerOf,
  makeCarrier,
  paidBooking,
  reload,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')
const url = (id: number | string) => `/api/carrier/bookings/${id}/quick-pay`

async function assertBooksExact(assert: any) {
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)
}

test.group('Quick pay: who may ask', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('signed out 401; shipper, admin and an unapproved carrier 403; another carrier 404', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper } = await deliveredBooking()
    const admin = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    const other = await makeCarrier()

    assert.equal((await client.get(url(booking.id))).status(), 401)
    assert.equal((await client.post(url(booking.id)).withCsrfToken()).status(), 401)
    for (const user of [shipper, admin, pending]) {
      const get = await client.get(url(booking.id)).loginAs(user)
      assert.equal(get.status(), 403, `GET as ${user.role}`)
      const post = await client.post(url(booking.id)).loginAs(user).withCsrfToken()
      assert.equal(post.status(), 403, `POST as ${user.role}`)
    }
    // Another carrier's booking is answered as a missing one.
    for (const id of [booking.id, 999_999]) {
      const get = await client.get(url(id)).loginAs(other.user)
      get.assertStatus(404)
      assert.equal(get.body().message, 'Booking not found')
      const post = await client.post(url(id)).loginAs(other.user).withCsrfToken()
      post.assertStatus(404)
    }
    assert.equal((await reload(booking.id)).payoutStatus, 'pending')
    assert.lengthOf(await transfersOf(booking.id), 0)
  })

  test('a non-numeric id is a 404 JSON; a TRT- reference names the booking', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking()
    for (const bad of ['abc', '1.5', '-3', 'TRT-', 'TRX-001']) {
      const res = await client
        .get(url(bad))
        .header('accept', 'application/json')
        .loginAs(carrier.user)
      assert.equal(res.status(), 404, bad)
      assert.isString(res.body().message, bad)
    }
    const zero = await client.get(url(0)).loginAs(carrier.user)
    zero.assertStatus(404)

    const byRef = await client
      .get(url(bookingReference(booking.id).toLowerCase()))
      .loginAs(carrier.user)
    byRef.assertStatus(200)
    assert.equal(byRef.body().bookingId, booking.id)
    assert.isTrue(byRef.body().available)
  })
})

test.group('Quick pay: quote and take', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('quoted, taken: the fee to the platform, one transfer of the rest, the books exact; the 48-hour run pays nothing more', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking()
    const totalCents = toCents(booking.totalAmount!)
    const split = splitQuickPay(totalCents)
    assert.isAbove(split.feeCents, 0)

    const quote = await client.get(url(booking.id)).loginAs(carrier.user)
    quote.assertStatus(200)
    assert.deepEqual(quote.body(), {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      available: true,
      reasonCode: null,
      reason: null,
      feePercent: 2,
      payoutCents: split.payoutCents,
      feeCents: split.feeCents,
      recoveryCents: 0,
      amountNowCents: split.paidNowCents,
      payoutStatus: 'pending',
      quickPaidAt: null,
    })
    // The history offers it on the booking's row.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    history.assertStatus(200)
    const before = history.body().find((row: any) => row.id === booking.id)
    assert.deepEqual(before.quickPay, quote.body())
    assert.isNull(before.quickPayFeeCents)

    clock.set(DELIVERED_AT.plus({ hours: 1 }))
    const res = await client
      .post(url(bookingReference(booking.id)))
      .header('idempotency-key', 'qp-1')
      .loginAs(carrier.user)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().outcome, 'paid')
    assert.deepInclude(res.body().quote, {
      available: false,
      reasonCode: 'quick_paid',
      feeCents: split.feeCents,
      amountNowCents: split.paidNowCents,
      payoutStatus: 'paid',
      quickPaidAt: DELIVERED_AT.plus({ hours: 1 }).toUTC().toISO(),
    })

    const row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.payout_status, 'paid')
    assert.equal(Number(row.quick_pay_fee_cents), split.feeCents)
    const transfers = await transfersOf(booking.id)
    assert.lengthOf(transfers, 1)
    assert.equal(Number(transfers[0].amount_cents), split.paidNowCents)

    // The ledger: the release, the fee from the payable to the platform, the transfer.
    const lines = (await ledgerOf(booking.id)).map((l) => [
      l.txn,
      l.kind,
      l.account,
      Number(l.amount_cents),
    ])
    const payable = `carrier_payable:${carrier.carrier.id}`
    assert.includeDeepMembers(lines, [
      [`booking-${booking.id}-quick-pay-fee`, 'quick_pay_fee', payable, split.feeCents],
      [`booking-${booking.id}-quick-pay-fee`, 'quick_pay_fee', 'platform_revenue', -split.feeCents],
      [`booking-${booking.id}-payout`, 'payout', payable, split.paidNowCents],
    ])
    const platform = lines
      .filter(([, , account]) => account === 'platform_revenue')
      .reduce((sum, [, , , cents]) => sum + Number(cents), 0)
    assert.equal(-platform, split.platformCents)
    assert.equal(split.paidNowCents - platform, totalCents)
    await assertBooksExact(assert)

    // A second click: still one transfer. (The same key replayed: the races group, a key's
    // bookkeeping runs outside this test's transaction there.)
    const again = await client.post(url(booking.id)).loginAs(carrier.user).withCsrfToken()
    again.assertStatus(200)
    assert.equal(again.body().outcome, 'paid')

    // 48 hours on, the run has nothing to release or pay.
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    const summary = await (await app.container.make(PayoutService)).run()
    assert.notInclude(summary.released, booking.id)
    assert.notInclude(summary.paid, booking.id)
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertBooksExact(assert)

    // Paid, with the fee, in the carrier's history, the admin's list and the quote.
    const after = (await client.get('/api/carrier/payouts').loginAs(carrier.user))
      .body()
      .find((r: any) => r.id === booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.equal(after.quickPayFeeCents, split.feeCents)
    assert.isNull(after.quickPay)
    const admin = await makeUser('admin')
    const list = await client
      .get('/api/admin/payouts')
      .qs({ booking: bookingReference(booking.id) })
      .loginAs(admin)
    list.assertStatus(200)
    assert.equal(list.body().data[0].quickPayFeeCents, split.feeCents)
    assert.equal(list.body().data[0].payoutStatus, 'paid')
  })

  test('each reason quick pay is not available: quoted, and a 409 that moves nothing', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const shipper = await makeUser('shipper')

    // not paid, not delivered, no payout (cancelled): one carrier's bookings
    const carrier = await makeCarrier()
    const unpaid = await makeBooking(shipper, carrier.listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    const onTheRoad = await paidBooking(shipper, carrier.listing)
    const cancelled = await makeBooking(shipper, carrier.listing, {
      status: 'cancelled',
      paymentStatus: 'pending',
    })
    // failed vetting
    const vetted = await deliveredBooking()
    await db
      .from('bookings')
      .where('id', vetted.booking.id)
      .update({
        vetting_snapshot: JSON.stringify({
          driver: 'census_file',
          checkedAt: DELIVERED_AT.toISO(),
          result: 'fail',
          checks: [],
        }),
      })
    // payout hold after an account change
    const held = await deliveredBooking()
    const holds = await app.container.make(PayoutHoldService)
    await db.transaction((trx) => holds.hold(trx, held.carrier.carrier.id, 'phone', null))
    // onboarding unfinished
    const onboarding = await deliveredBooking({ onboarded: false })
    // already released (by the shipper's completion) and paid
    const completed = await deliveredBooking()
    const done = await client
      .post(`/api/booking/${completed.booking.id}/complete`)
      .loginAs(completed.shipper)
      .withCsrfToken()
    done.assertStatus(200)
    // released but not transferred: the 48-hour run released it, the transfer waits
    const waiting = await deliveredBooking({ onboarded: false })
    await db.from('bookings').where('id', waiting.booking.id).update({ payout_status: 'released' })

    const cases = [
      [carrier.user, unpaid.id, 'not_paid'],
      [carrier.user, onTheRoad.id, 'not_delivered'],
      [carrier.user, cancelled.id, 'no_payout'],
      [vetted.carrier.user, vetted.booking.id, 'vetting_failed'],
      [held.carrier.user, held.booking.id, 'payout_hold'],
      [onboarding.carrier.user, onboarding.booking.id, 'onboarding'],
      [completed.carrier.user, completed.booking.id, 'already_paid'],
      [waiting.carrier.user, waiting.booking.id, 'already_released'],
    ] as const
    const ledgerRows = async () => Number((await db.from('ledger_entries').count('* as n'))[0].n)
    for (const [user, id, code] of cases) {
      const quote = await client.get(url(id)).loginAs(user)
      quote.assertStatus(200)
      assert.isFalse(quote.body().available, code)
      assert.equal(quote.body().reasonCode, code)
      assert.equal(quote.body().reason, QUICK_PAY_MESSAGES[code])

      const before = await db.from('bookings').where('id', id).first()
      const rows = await ledgerRows()
      const res = await client.post(url(id)).loginAs(user).withCsrfToken()
      res.assertStatus(409)
      assert.equal(res.body().reasonCode, code)
      assert.equal(res.body().message, QUICK_PAY_MESSAGES[code])
      const after = await db.from('bookings').where('id', id).first()
      assert.equal(after.payout_status, before.payout_status, code)
      assert.isNull(after.quick_pay_fee_cents, code)
      assert.equal(await ledgerRows(), rows, code)
    }
    assert.lengthOf(await transfersOf(completed.booking.id), 1)
  })
})

test.group('Quick pay: races at a real server', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  /** Each booking transferred exactly once, for what its row says it is owed; the books exact. */
  async function assertPaidOnce(assert: any, bookingIds: number[]) {
    for (const id of bookingIds) {
      const row = await db.from('bookings').where('id', id).first()
      assert.equal(row.payout_status, 'paid', `booking ${id}`)
      const transfers = await transfersOf(id)
      assert.lengthOf(transfers, 1, `one transfer for booking ${id}`)
      const split = splitQuickPay(toCents(row.total_amount))
      const fee = row.quick_pay_fee_cents === null ? 0 : Number(row.quick_pay_fee_cents)
      assert.oneOf(fee, [0, split.feeCents])
      assert.equal(Number(transfers[0].amount_cents), split.payoutCents - fee)
      const payouts = await db
        .from('ledger_entries')
        .where('booking_id', id)
        .where('kind', 'payout')
      assert.lengthOf(payouts, 2, `one payout transaction for booking ${id}`)
    }
    await assertBooksExact(assert)
  }

  test('quick pay twice at once (two tabs, no key, and a double click with one key) is one transfer', async ({
    assert,
  }) => {
    const { booking, carrier } = await deliveredBooking()
    const [first, second] = await signInSessions([carrier.user, carrier.user], [baseUrl()])
    const answers = await Promise.all([
      first.request('POST', url(booking.id)),
      second.request('POST', url(booking.id)),
      first.request('POST', url(booking.id)),
      second.request('POST', url(bookingReference(booking.id))),
    ])
    for (const res of answers) assert.equal(res.status, 200, res.text)
    assert.isTrue(answers.some((res) => res.body.outcome === 'paid'))
    await assertPaidOnce(assert, [booking.id])
    const fees = await db.from('ledger_entries').where('txn', `booking-${booking.id}-quick-pay-fee`)
    assert.lengthOf(fees, 2)

    // The same key sent twice at once: one runs, the other is told it is in flight or replayed.
    const next = await deliveredBooking()
    const [tab] = await signInSessions([next.carrier.user], [baseUrl()])
    const keyed = await Promise.all(
      [1, 2].map(() =>
        tab.request('POST', url(next.booking.id), undefined, {
          headers: { 'idempotency-key': 'double-click' },
        })
      )
    )
    for (const res of keyed) assert.oneOf(res.status, [200, 409], res.text)
    assert.isTrue(keyed.some((res) => res.status === 200))
    await assertPaidOnce(assert, [next.booking.id])
    // and sent again later: the first answer, replayed
    const replay = await tab.request('POST', url(next.booking.id), undefined, {
      headers: { 'idempotency-key': 'double-click' },
    })
    assert.equal(replay.status, 200)
    assert.equal(replay.headers.get('idempotent-replayed'), 'true')
    assert.lengthOf(await transfersOf(next.booking.id), 1)
  })

  test('quick pay while the payout run releases the same booking: exactly one transfer', async ({
    assert,
  }) => {
    const carrier = await makeCarrier()
    const [session] = await signInSessions([carrier.user], [baseUrl()])
    const service = await app.container.make(PayoutService)
    const ids: number[] = []
    // One side starts a little after the other (negative: quick pay later), so each wins some.
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
    for (const delayMs of [-40, -20, -10, -5, 0, 5, 10, 20]) {
      const shipper = await makeUser('shipper')
      const booking = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
      // due for the 48-hour run (the only one due), and still open to quick pay until released
      await db
        .from('bookings')
        .where('id', booking.id)
        .update({
          delivered_at: DateTime.now()
            .minus({ hours: AUTO_RELEASE_HOURS + 1 })
            .toFormat(db.connection().dialect.dateTimeFormat),
        })
      ids.push(booking.id)
      const [res, run] = await Promise.all([
        wait(-delayMs).then(() => session.request('POST', url(booking.id))),
        wait(delayMs).then(() => service.run()),
      ])
      if (res.status === 200) {
        assert.notInclude(run.released, booking.id)
      } else {
        // the run released it first: quick pay is refused, nothing charged
        assert.equal(res.status, 409, res.text)
        assert.oneOf(res.body.reasonCode, ['already_released', 'already_paid'])
      }
      // whatever is left unpaid (a transfer claimed by the other side) is paid by the next run
      await service.run()
    }
    await assertPaidOnce(assert, ids)
  })
})
