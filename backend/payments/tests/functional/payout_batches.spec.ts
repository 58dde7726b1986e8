import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PayoutService, { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import {
  deliver,
  fixClock,
  ledgerOf,
  makeCarrier,
  paidBooking,
  reload,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')

/** One delivered, paid booking for each carrier (all delivered at the fixed clock's now). */
async function oneBookingEach(carriers: Awaited<ReturnType<typeof makeCarrier>>[]) {
  const shipper = await makeUser('shipper')
  const bookings = []
  for (const carrier of carriers) {
    bookings.push(await deliver(await paidBooking(shipper, carrier.listing), carrier.user))
  }
  return bookings
}

async function assertBooksHold(assert: any) {
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)
}

const payoutLinesOf = async (bookingId: number) =>
  (await ledgerOf(bookingId)).filter((line) => line.kind === 'payout')

test.group('Payout batches', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('a refused transfer fails only its own booking; the rest of the batch is paid', async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const refused = await makeCarrier({ onboarded: false })
    // our records say onboarded, the provider does not: its transfer is refused
    await db
      .from('carriers')
      .where('id', refused.carrier.id)
      .update({ stripe_onboarding_completed: true })
    const [first, middle, last] = await oneBookingEach([
      await makeCarrier(),
      refused,
      await makeCarrier(),
    ])
    clock.advance({ hours: 48 })

    const summary = await (await app.container.make(PayoutService)).run()
    assert.deepEqual(summary.released, [first.id, middle.id, last.id])
    assert.deepEqual(summary.paid, [first.id, last.id])
    assert.deepEqual(summary.failed, [middle.id])
    for (const booking of [first, last]) {
      assert.equal((await reload(booking.id)).payoutStatus, 'paid')
      assert.lengthOf(await transfersOf(booking.id), 1)
      assert.lengthOf(await payoutLinesOf(booking.id), 2)
    }
    const failed = await db.from('bookings').where('id', middle.id).first()
    assert.equal(failed.payout_status, 'failed')
    assert.include(failed.payout_failure_reason, 'capabilities')
    assert.equal(Number(failed.payout_attempts), 1)
    assert.isNull(failed.payout_claim)
    assert.lengthOf(await transfersOf(middle.id), 0)
    assert.lengthOf(await payoutLinesOf(middle.id), 0)
    await assertBooksHold(assert)
  })

  test('a transfer that throws fails its booking; the others are still recorded', async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const [first, second] = await oneBookingEach([await makeCarrier(), await makeCarrier()])
    clock.advance({ hours: 48 })
    const { default: payments } = await import('#plugins/payments/services/main')
    const driver = await payments.use()
    const transfer = driver.transfer
    driver.transfer = async (input) => {
      if (input.metadata.bookingId === String(first.id)) throw new Error('socket hang up')
      return transfer.call(driver, input)
    }
    try {
      const summary = await (await app.container.make(PayoutService)).run()
      assert.deepEqual(summary.failed, [first.id])
      assert.deepEqual(summary.paid, [second.id])
    } finally {
      driver.transfer = transfer
    }
    const failed = await db.from('bookings').where('id', first.id).first()
    assert.equal(failed.payout_status, 'failed')
    assert.equal(failed.payout_failure_reason, 'The transfer could not be made: socket hang up')
    assert.isNotNull(failed.payout_next_attempt_at)
    assert.equal((await reload(second.id)).payoutStatus, 'paid')

    // after the backoff the next run pays it, once
    clock.advance({ minutes: 5 })
    const retried = await (await app.container.make(PayoutService)).run()
    assert.deepEqual(retried.paid, [first.id])
    assert.lengthOf(await transfersOf(first.id), 1)
    await assertBooksHold(assert)
  })

  test('a carrier still onboarding is held (not a failed attempt) while the batch is paid', async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const [held, paid] = await oneBookingEach([
      await makeCarrier({ onboarded: false }),
      await makeCarrier(),
    ])
    clock.advance({ hours: 48 })
    const summary = await (await app.container.make(PayoutService)).run()
    assert.deepEqual(summary.held, [held.id])
    assert.deepEqual(summary.paid, [paid.id])
    const row = await db.from('bookings').where('id', held.id).first()
    assert.equal(row.payout_status, 'released')
    assert.equal(row.payout_failure_reason, ONBOARDING_HOLD_REASON)
    assert.equal(Number(row.payout_attempts), 0)
    assert.isNull(row.payout_claim)
    assert.lengthOf(await transfersOf(held.id), 0)
    await assertBooksHold(assert)
  })

  test("a batch's ledger lines go in as one append: contiguous, in booking order", async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const carrier = await makeCarrier()
    const shipper = await makeUser('shipper')
    const bookings = []
    for (let i = 0; i < 4; i++) {
      bookings.push(await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user))
    }
    clock.advance({ hours: 48 })
    const before = await db.from('audit_chain_heads').where('chain', 'ledger_entries').first()
    const summary = await (await app.container.make(PayoutService)).run()
    assert.lengthOf(summary.paid, 4)

    const lines = await db
      .from('ledger_entries')
      .where('id', '>', before.last_id)
      .orderBy('id')
      .select('id', 'booking_id', 'kind')
    // the release batch (3 lines a booking), then the payout batch (2 a booking)
    assert.lengthOf(lines, 4 * 5)
    const ids = lines.map((line) => Number(line.id))
    assert.deepEqual(
      ids,
      ids.map((_, i) => ids[0] + i)
    )
    const order = (kinds: string[]) =>
      lines.filter((line) => kinds.includes(line.kind)).map((line) => Number(line.booking_id))
    const expected = bookings.map((b) => b.id)
    assert.deepEqual(
      order(['release', 'platform_share', 'carrier_payable']),
      expected.flatMap((id) => [id, id, id])
    )
    assert.deepEqual(
      order(['payout']),
      expected.flatMap((id) => [id, id])
    )
    const head = await db.from('audit_chain_heads').where('chain', 'ledger_entries').first()
    assert.equal(Number(head.length), Number(before.length) + 20)
    assert.equal(Number(head.last_id), ids[ids.length - 1])
    await assertBooksHold(assert)
  })
})
