import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import EscrowTransaction from '#payments/models/escrow_transaction'
import Payment from '#payments/models/payment'
import PayoutService, {
  AUTO_RELEASE_HOURS,
  MAX_PAYOUT_ATTEMPTS,
  ONBOARDING_HOLD_REASON,
} from '#payments/services/payout_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { splitPayout, toCents } from '#core/money'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import {
  deliveredBooking,
  fixClock,
  onboardedOnlyInOurRecords,
  ledgerOf,
  reload,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')

async function payouts() {
  return app.container.make(PayoutService)
}

async function assertReconciles(assert: any) {
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  return report
}

test.group('Payout release: the 48-hour clock', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('nothing is released 1 second before 48 hours; at 48 hours it is released and paid', async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking()
    assert.equal(booking.status, 'delivered')
    assert.equal(booking.payoutStatus, 'pending')

    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS }).minus({ seconds: 1 }))
    let summary = await (await payouts()).run()
    assert.deepEqual(summary, {
      released: [],
      paid: [],
      held: [],
      failed: [],
      expedited: { paid: [], held: [], failed: [] },
    })
    assert.equal((await reload(booking.id)).payoutStatus, 'pending')
    assert.lengthOf(await transfersOf(booking.id), 0)

    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS }))
    summary = await (await payouts()).run()
    assert.deepEqual(summary.released, [booking.id])
    assert.deepEqual(summary.paid, [booking.id])

    const after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.isTrue(after.payoutReleasedAt!.equals(DELIVERED_AT.plus({ hours: 48 })))
    assert.isNull(after.payoutFailureReason)

    const totalCents = toCents(booking.totalAmount!)
    const { payoutCents, platformCents } = splitPayout(totalCents)
    const [transfer] = await transfersOf(booking.id)
    assert.equal(Number(transfer.amount_cents), payoutCents)
    assert.equal(transfer.account_id, carrier.accountId)
    assert.equal(transfer.idempotency_key, `booking-${booking.id}-payout`)
    assert.equal(after.stripeTransferId, transfer.id)
    assert.equal(payoutCents + platformCents, totalCents)

    const payment = await Payment.findByOrFail('shipmentId', booking.id)
    assert.equal(transfer.source_transaction, payment.stripeChargeId)
    assert.equal(payment.stripeTransferId, transfer.id)
    const escrow = await EscrowTransaction.findByOrFail('shipmentId', booking.id)
    assert.equal(escrow.status, 'RELEASED')

    const lines = await ledgerOf(booking.id)
    const byKind = (kind: string, account: string) =>
      lines
        .filter((l) => l.kind === kind && l.account === account)
        .reduce((s, l) => s + Number(l.amount_cents), 0)
    assert.equal(byKind('charge', 'provider_cash'), totalCents)
    assert.equal(byKind('platform_share', 'platform_revenue'), -platformCents)
    assert.equal(byKind('carrier_payable', `carrier_payable:${carrier.carrier.id}`), -payoutCents)
    assert.equal(byKind('payout', 'provider_cash'), -payoutCents)

    // A later run finds nothing left to do.
    summary = await (await payouts()).run()
    assert.deepEqual(summary, {
      released: [],
      paid: [],
      held: [],
      failed: [],
      expedited: { paid: [], held: [], failed: [] },
    })
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertReconciles(assert)
  })

  test('a delivered booking that is not paid is never released', async ({ assert }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking } = await deliveredBooking()
    // the same booking state but never paid
    await db.from('bookings').where('id', booking.id).update({ payment_status: 'pending' })
    clock.advance({ days: 10 })
    const summary = await (await payouts()).run()
    assert.deepEqual(summary.released, [])
    assert.equal((await reload(booking.id)).payoutStatus, 'pending')
    assert.lengthOf(await transfersOf(booking.id), 0)
  })
})

test.group('Payout release: shipper completion', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('POST /api/booking/:id/complete releases and pays at once, before 48 hours', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper } = await deliveredBooking()
    clock.advance({ hours: 2 })
    const res = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().payoutStatus, 'paid')
    const after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.isTrue(after.payoutReleasedAt!.equals(DELIVERED_AT.plus({ hours: 2 })))
    assert.lengthOf(await transfersOf(booking.id), 1)

    // Completing again is refused and pays nothing more.
    const again = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(409)
    clock.advance({ hours: 48 })
    await (await payouts()).run()
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertReconciles(assert)
  })

  test('another shipper cannot complete the booking and nothing is released', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking } = await deliveredBooking()
    const stranger = await makeUser('shipper')
    const res = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(stranger)
      .withCsrfToken()
    res.assertStatus(404)
    assert.equal((await reload(booking.id)).payoutStatus, 'pending')
    assert.lengthOf(await transfersOf(booking.id), 0)
  })
})

test.group('Payout release: held and failed transfers', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('a carrier without finished onboarding is held, then paid once onboarding completes', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking({ onboarded: false })
    await client.post(`/api/booking/${booking.id}/complete`).loginAs(shipper).withCsrfToken()

    let after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'released')
    assert.equal(after.payoutFailureReason, ONBOARDING_HOLD_REASON)
    assert.lengthOf(await transfersOf(booking.id), 0)

    // The carrier's payout history shows it released, with the reason.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    assert.equal(history.body()[0].payoutStatus, 'released')
    assert.equal(history.body()[0].payoutFailureReason, ONBOARDING_HOLD_REASON)

    // Release runs keep holding it (holding is not a failed attempt).
    clock.advance({ hours: 1 })
    const summary = await (await payouts()).run()
    assert.deepEqual(summary.held, [booking.id])
    after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'released')

    // Finishing onboarding pays it without waiting for the next run.
    const done = await client
      .post(`/api/sandbox/onboarding/${carrier.accountId}/complete`)
      .loginAs(carrier.user)
      .withCsrfToken()
    done.assertStatus(200)
    after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.isNull(after.payoutFailureReason)
    assert.lengthOf(await transfersOf(booking.id), 1)
    assert.isTrue((await carrierOf(carrier.user)).stripeOnboardingCompleted)
    await assertReconciles(assert)
  })

  test('the account_updated webhook alone pays held payouts', async ({ assert }) => {
    fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking({ onboarded: false })
    await db
      .from('bookings')
      .where('id', booking.id)
      .update({ completed_at: '2026-06-01 16:00:00' })
    await (await payouts()).run()
    assert.equal((await reload(booking.id)).payoutStatus, 'released')

    // The provider finishes onboarding on its side and sends account.updated.
    const { default: payments } = await import('#plugins/payments/services/main')
    const sandbox = (await payments.sandbox())!
    const completed = await sandbox.completeOnboarding(carrier.accountId!)
    assert.isTrue(completed.ok)

    const after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.isTrue((await carrierOf(carrier.user)).stripeOnboardingCompleted)
    assert.lengthOf(await transfersOf(booking.id), 1)
  })

  test('a failed transfer is failed with the reason and retried with backoff until it succeeds', async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking({ onboarded: false })
    await onboardedOnlyInOurRecords(carrier.carrier.id)
    clock.advance({ hours: 48 })
    let summary = await (await payouts()).run()
    assert.deepEqual(summary.released, [booking.id])
    assert.deepEqual(summary.failed, [booking.id])
    let after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'failed')
    assert.include(after.payoutFailureReason!, 'capabilities')
    const first = await db.from('bookings').where('id', booking.id).first()
    assert.equal(Number(first.payout_attempts), 1)

    // 4 minutes later: still backing off (first retry after 5 minutes).
    clock.advance({ minutes: 4 })
    summary = await (await payouts()).run()
    assert.deepEqual(summary.failed, [])
    clock.advance({ minutes: 1 })
    summary = await (await payouts()).run()
    assert.deepEqual(summary.failed, [booking.id])
    const second = await db.from('bookings').where('id', booking.id).first()
    assert.equal(Number(second.payout_attempts), 2)

    // The carrier finishes the provider's onboarding: its account.updated webhook pays at once.
    const { default: payments } = await import('#plugins/payments/services/main')
    await db
      .from('carriers')
      .where('id', carrier.carrier.id)
      .update({ stripe_onboarding_completed: false })
    await (await payments.sandbox())!.completeOnboarding(carrier.accountId!)
    after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    assert.isNull(after.payoutFailureReason)
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertReconciles(assert)
  })

  test(`after ${MAX_PAYOUT_ATTEMPTS} failed attempts a payout waits for an operator's retry`, async ({
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking({ onboarded: false })
    await onboardedOnlyInOurRecords(carrier.carrier.id)
    clock.advance({ hours: 48 })
    for (let i = 0; i < MAX_PAYOUT_ATTEMPTS + 3; i++) {
      await (await payouts()).run()
      clock.advance({ hours: 13 })
    }
    const row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.payout_status, 'failed')
    assert.equal(Number(row.payout_attempts), MAX_PAYOUT_ATTEMPTS)
    assert.isNull(row.payout_next_attempt_at)

    // The operator fixes the account at the provider and retries by hand: paid, once.
    await db
      .from('sandbox_accounts')
      .where('id', carrier.accountId!)
      .update({ onboarding_complete: true, payouts_enabled: true })
    const service = await payouts()
    assert.equal(await service.retry(booking.id), 'paid')
    assert.equal(await service.retry(booking.id), 'skipped')
    assert.equal((await reload(booking.id)).payoutStatus, 'paid')
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertReconciles(assert)
  })
})

test.group('Payout release: every booking reconciles', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())
  group.each.timeout(120_000)

  test('many generated bookings in every money state reconcile to the cent', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const states: string[] = []
    for (let i = 0; i < 12; i++) {
      const { booking, shipper } = await deliveredBooking({ onboarded: i % 4 !== 3 })
      if (i % 3 === 0) {
        await client.post(`/api/booking/${booking.id}/complete`).loginAs(shipper).withCsrfToken()
      }
      states.push(booking.status)
    }
    // paid and cancelled before pickup: refunded
    const { paidBooking, makeCarrier } = await import('#payments/tests/payout_fixtures')
    const carrier = await makeCarrier()
    for (let i = 0; i < 4; i++) {
      const shipper = await makeUser('shipper')
      const booking = await paidBooking(shipper, carrier.listing, 1 + i)
      await client.post(`/api/bookings/${booking.id}/cancel`).loginAs(shipper).withCsrfToken()
    }
    clock.advance({ hours: 24 })
    await (await payouts()).run()
    clock.advance({ hours: 30 })
    await (await payouts()).run()

    const report = await assertReconciles(assert)
    const totals = report.totals
    assert.isAbove(totals.chargedCents, 0)
    assert.isAbove(totals.refundedCents, 0)
    assert.isAbove(totals.payoutCents, 0)
    assert.isAbove(totals.payableCents, 0) // the held ones
    assert.equal(
      totals.chargedCents,
      totals.payoutCents +
        totals.platformShareCents +
        totals.refundedCents +
        totals.escrowCents +
        totals.payableCents
    )
    const refunded = await db.from('bookings').where('payment_status', 'refunded').count('* as n')
    assert.equal(Number(refunded[0].n), 4)

    // A tampered ledger line is caught, naming the booking.
    const line = await db.from('ledger_entries').where('kind', 'payout').first()
    await db
      .from('ledger_entries')
      .where('id', line.id)
      .update({ amount_cents: Number(line.amount_cents) + 1 })
    const broken = await new ReconciliationService().reconcile()
    assert.isAbove(broken.problems.length, 0)
    assert.isTrue(broken.problems.some((p) => p.bookingId === Number(line.booking_id)))
  })
})
