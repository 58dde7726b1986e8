import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import PayoutService, {
  MAX_PAYOUT_ATTEMPTS,
  ONBOARDING_HOLD_REASON,
} from '#payments/services/payout_service'
import type { PayoutAttention } from '#payments/services/payout_attention_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { CARRIER_PAYOUT_PERCENT, fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import {
  deliveredBooking,
  fixClock,
  reload,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const LIST = '/api/admin/payouts/attention'
const retryUrl = (bookingId: number) => `/api/admin/payouts/${bookingId}/retry`

const START = DateTime.fromISO('2026-06-01T15:30:00Z')

type Delivered = Awaited<ReturnType<typeof deliveredBooking>>

/** The shipper completes the booking, which releases its payout and tries the transfer. */
async function complete(client: any, { booking, shipper }: Delivered) {
  const res = await client
    .post(`/api/booking/${booking.id}/complete`)
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(200)
}

/** A carrier whose onboarding is unfinished: its payout is held. */
async function heldPayout(client: any) {
  const delivered = await deliveredBooking({ onboarded: false })
  await complete(client, delivered)
  return delivered
}

/**
 * Our records say the carrier is onboarded, the provider disagrees: the transfer is refused and
 * the payout fails.
 */
async function failedPayout(client: any) {
  const delivered = await deliveredBooking({ onboarded: false })
  await db
    .from('carriers')
    .where('id', delivered.carrier.carrier.id)
    .update({ stripe_onboarding_completed: true })
  await complete(client, delivered)
  return delivered
}

/** The provider now lets the carrier's account receive transfers. */
async function fixSandboxAccount(accountId: string) {
  await db
    .from('sandbox_accounts')
    .where('id', accountId)
    .update({ onboarding_complete: true, payouts_enabled: true })
}

async function list(client: any, admin: User): Promise<PayoutAttention[]> {
  const res = await client.get(LIST).loginAs(admin)
  res.assertStatus(200)
  return res.body().payouts
}

async function bookingRow(bookingId: number) {
  return db.from('bookings').where('id', bookingId).firstOrFail()
}

const payoutDollars = (total: number | string | null) =>
  fromCents(splitPayout(toCents(total ?? 0)).payoutCents)

test.group('Admin payouts needing attention: access', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('only admins; signed out is a 401', async ({ client }) => {
    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      const get = await client.get(LIST).loginAs(user)
      get.assertStatus(403)
      const post = await client.post(retryUrl(1)).loginAs(user).withCsrfToken()
      post.assertStatus(403)
    }
    const get = await client.get(LIST)
    get.assertStatus(401)
    const post = await client.post(retryUrl(1)).withCsrfToken()
    post.assertStatus(401)
  })

  test('a retry without a CSRF token is refused and sends nothing', async ({ client, assert }) => {
    fixClock(START)
    const admin = await makeUser('admin')
    const { booking, carrier } = await failedPayout(client)
    await fixSandboxAccount(carrier.accountId!)
    const res = await client.post(retryUrl(booking.id)).loginAs(admin)
    res.assertStatus(403)
    assert.equal((await reload(booking.id)).payoutStatus, 'failed')
    assert.lengthOf(await transfersOf(booking.id), 0)
  })
})

test.group('Admin payouts needing attention: GET /api/admin/payouts/attention', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())
  group.each.timeout(60_000)

  test('nothing needs attention on a clean database', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    assert.deepEqual(await list(client, admin), [])
  })

  test('held and failed payouts are listed newest release first; a paid one is not', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(START)
    const admin = await makeUser('admin')
    const held = await heldPayout(client)
    const heldAt = clock.now()
    clock.advance({ minutes: 30 })
    const failed = await failedPayout(client)
    const failedAt = clock.now()
    clock.advance({ minutes: 30 })
    const paid = await deliveredBooking()
    await complete(client, paid)
    assert.equal((await reload(paid.booking.id)).payoutStatus, 'paid')

    const payouts = await list(client, admin)
    assert.deepEqual(
      payouts.map((p) => p.bookingId),
      [failed.booking.id, held.booking.id]
    )
    const [failedRow, heldRow] = payouts

    const failure = (await bookingRow(failed.booking.id)).payout_failure_reason as string
    assert.include(failure, 'capabilities')
    assert.deepEqual(failedRow, {
      bookingId: failed.booking.id,
      reference: bookingReference(failed.booking.id),
      carrierCompany: failed.carrier.carrier.companyName,
      payoutAmount: payoutDollars(failed.booking.totalAmount),
      payoutStatus: 'failed',
      reason: failure,
      attempts: 1,
      // the first automatic retry is 5 minutes after the failure
      nextAttemptAt: failedAt.plus({ minutes: 5 }).toUTC().toISO(),
      releasedAt: failedAt.toUTC().toISO(),
      held: false,
      quickPayFeeCents: null,
    })
    assert.deepEqual(heldRow, {
      bookingId: held.booking.id,
      reference: bookingReference(held.booking.id),
      carrierCompany: held.carrier.carrier.companyName,
      payoutAmount: payoutDollars(held.booking.totalAmount),
      payoutStatus: 'released',
      reason: ONBOARDING_HOLD_REASON,
      // waiting for the carrier is not a failed attempt
      attempts: 0,
      nextAttemptAt: null,
      releasedAt: heldAt.toUTC().toISO(),
      held: true,
      quickPayFeeCents: null,
    })
    // The carrier's percent of the total, in dollars
    assert.equal(
      failedRow.payoutAmount,
      Math.round((toCents(failed.booking.totalAmount!) * CARRIER_PAYOUT_PERCENT) / 100) / 100
    )
  })

  test('a payout whose automatic attempts ran out shows them, with no next attempt', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(START)
    const admin = await makeUser('admin')
    const { booking } = await failedPayout(client)
    const payouts = await app.container.make(PayoutService)
    for (let i = 0; i < MAX_PAYOUT_ATTEMPTS + 2; i++) {
      clock.advance({ hours: 13 })
      await payouts.run()
    }
    const [row] = await list(client, admin)
    assert.equal(row.bookingId, booking.id)
    assert.equal(row.payoutStatus, 'failed')
    assert.equal(row.attempts, MAX_PAYOUT_ATTEMPTS)
    assert.isNull(row.nextAttemptAt)
  })
})

test.group('Admin payouts needing attention: POST /api/admin/payouts/:bookingId/retry', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())
  group.each.timeout(60_000)

  test('after the account is fixed, a retry pays once and the payout leaves the list', async ({
    client,
    assert,
  }) => {
    fixClock(START)
    const admin = await makeUser('admin')
    const failed = await failedPayout(client)
    const held = await heldPayout(client)
    await fixSandboxAccount(failed.carrier.accountId!)

    const res = await client.post(retryUrl(failed.booking.id)).loginAs(admin).withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().outcome, 'paid')
    assert.containSubset(res.body().payout, {
      bookingId: failed.booking.id,
      reference: bookingReference(failed.booking.id),
      payoutStatus: 'paid',
      reason: null,
      nextAttemptAt: null,
      held: false,
    })

    const transfers = await transfersOf(failed.booking.id)
    assert.lengthOf(transfers, 1)
    assert.equal(
      Number(transfers[0].amount_cents),
      splitPayout(toCents(failed.booking.totalAmount!)).payoutCents
    )
    const after = await bookingRow(failed.booking.id)
    assert.equal(after.payout_status, 'paid')
    assert.equal(after.stripe_transfer_id, transfers[0].id)
    assert.deepEqual(
      (await list(client, admin)).map((p) => p.bookingId),
      [held.booking.id]
    )
    assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])

    // Retrying again sends nothing more.
    const again = await client.post(retryUrl(failed.booking.id)).loginAs(admin).withCsrfToken()
    again.assertStatus(409)
    assert.lengthOf(await transfersOf(failed.booking.id), 1)
  })

  test('a payout that has not failed is a 409 and nothing changes', async ({ client, assert }) => {
    fixClock(START)
    const admin = await makeUser('admin')
    const held = await heldPayout(client)
    const pending = await deliveredBooking()
    const paid = await deliveredBooking()
    await complete(client, paid)

    for (const { booking } of [held, pending, paid]) {
      const before = await bookingRow(booking.id)
      const transfersBefore = (await transfersOf(booking.id)).length
      const res = await client.post(retryUrl(booking.id)).loginAs(admin).withCsrfToken()
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message: 'This payout has not failed' })
      assert.deepEqual(await bookingRow(booking.id), before)
      assert.lengthOf(await transfersOf(booking.id), transfersBefore)
    }
    assert.deepEqual(
      (await list(client, admin)).map((p) => [p.bookingId, p.held]),
      [[held.booking.id, true]]
    )
  })

  test('an unknown booking is a 404', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    for (const id of [999_999, 3_000_000_000]) {
      const res = await client.post(retryUrl(id)).loginAs(admin).withCsrfToken()
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: 'Booking not found' })
    }
  })

  test('a retry that fails again stays failed, with the reason and a fresh backoff', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(START)
    const admin = await makeUser('admin')
    const { booking } = await failedPayout(client)
    // Before the backoff has passed: the operator does not wait for it.
    clock.advance({ minutes: 1 })
    const before = await bookingRow(booking.id)
    assert.equal(Number(before.payout_attempts), 1)

    const res = await client.post(retryUrl(booking.id)).loginAs(admin).withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().outcome, 'failed')
    const payout = res.body().payout as PayoutAttention
    assert.equal(payout.payoutStatus, 'failed')
    assert.include(payout.reason!, 'capabilities')
    // the retry restarts the automatic round: this was its first attempt
    assert.equal(payout.attempts, 1)
    assert.equal(payout.nextAttemptAt, clock.now().plus({ minutes: 5 }).toUTC().toISO())
    assert.lengthOf(await transfersOf(booking.id), 0)
    assert.deepEqual(await list(client, admin), [payout])
  })

  test('after the automatic attempts ran out, a failing retry starts a new round of attempts', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(START)
    const admin = await makeUser('admin')
    const { booking } = await failedPayout(client)
    const payouts = await app.container.make(PayoutService)
    for (let i = 0; i < MAX_PAYOUT_ATTEMPTS + 2; i++) {
      clock.advance({ hours: 13 })
      await payouts.run()
    }
    assert.equal(Number((await bookingRow(booking.id)).payout_attempts), MAX_PAYOUT_ATTEMPTS)

    const res = await client.post(retryUrl(booking.id)).loginAs(admin).withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().outcome, 'failed')
    assert.equal(res.body().payout.attempts, 1)
    assert.equal(res.body().payout.nextAttemptAt, clock.now().plus({ minutes: 5 }).toUTC().toISO())

    // The automatic retries resume: 5 minutes later the next run tries again.
    clock.advance({ minutes: 5 })
    const summary = await payouts.run()
    assert.deepEqual(summary.failed, [booking.id])
    assert.equal((await list(client, admin))[0].attempts, 2)
  })
})
