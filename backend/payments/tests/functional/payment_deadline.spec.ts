import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createHmac } from 'node:crypto'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { Clock, FixedClock } from '#core/clock'
import { toCents } from '#core/money'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import { signatureHeader } from '#plugins/payments/drivers/signature'
import PaymentDeadlineService, {
  PAYMENT_DEADLINE_MINUTES,
  paymentDueAt,
} from '#payments/services/payment_deadline_service'
import BookingsExpireUnpaid from '../../../commands/bookings_expire_unpaid.js'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing, makeTruck } from '#tests/factories'

const NOTE = 'Payment not received within 30 minutes'
const SUCCESS_CARD = '4242 4242 4242 4242'
const DECLINED_CARD = '4000 0000 0000 0002'

const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
})

/** Whole seconds: SQLite stores timestamps to the second, so the boundary is exact there too. */
const created = () => DateTime.now().startOf('second')

/** Runs the deadline with the clock at `at`; the real clock is restored by the group. */
async function expireAt(at: DateTime) {
  app.container.swap(Clock, () => new FixedClock(at))
  const deadline = await app.container.make(PaymentDeadlineService)
  return deadline.expireUnpaid()
}

/** A shipper and a carrier's listing whose pallets one pending, unpaid booking fills. */
async function heldListing(createdAt = created()) {
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser, {
    truck: await makeTruck(carrierUser, { capacity: 4 }),
    maxPallets: 4,
    status: 'booked',
  })
  const booking = await makeBooking(shipper, listing, {
    status: 'pending',
    paymentStatus: 'pending',
    pallets: 4,
    createdAt,
  })
  return { shipper, carrierUser, listing, booking }
}

async function createIntent(client: ApiClient, shipper: User, booking: Booking) {
  const res = await client
    .post('/api/create-payment-intent')
    .json({ amount: booking.totalAmount, bookingId: booking.id })
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(200)
  return {
    id: res.body().paymentIntentId as string,
    clientSecret: res.body().clientSecret as string,
  }
}

/** The sandbox's webhook secret, derived from APP_KEY exactly as backend/config/payments.ts does. */
const webhookSecret = () =>
  `whsec_sbx_${createHmac('sha256', env.get('APP_KEY')).update('payments.sandbox.webhook_secret').digest('hex')}`

async function cancellations(bookingId: number) {
  return BookingStatusChange.query().where('bookingId', bookingId).where('toStatus', 'cancelled')
}

test.group('Payment deadline', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => app.container.restore(Clock))

  test('paymentDueAt is the creation time plus 30 minutes', ({ assert }) => {
    assert.equal(PAYMENT_DEADLINE_MINUTES, 30)
    const at = DateTime.fromISO('2025-06-01T12:00:00.000Z')
    assert.equal(paymentDueAt(at).toMillis(), at.plus({ minutes: 30 }).toMillis())
  })

  test('kept at 30 min - 1 s; at 30 min cancelled by the system, its pallets released', async ({
    assert,
  }) => {
    const createdAt = created()
    const { listing, booking } = await heldListing(createdAt)

    const early = await expireAt(createdAt.plus({ minutes: 30 }).minus({ seconds: 1 }))
    assert.deepEqual(early, { cancelled: [], skipped: [] })
    await booking.refresh()
    assert.equal(booking.status, 'pending')
    assert.lengthOf(await cancellations(booking.id), 0)
    await listing.refresh()
    assert.equal(listing.status, 'booked')

    const due = createdAt.plus({ minutes: 30 })
    const result = await expireAt(due)
    assert.deepEqual(result, { cancelled: [booking.id], skipped: [] })
    await booking.refresh()
    assert.equal(booking.status, 'cancelled')
    assert.equal(booking.paymentStatus, 'pending')
    assert.equal(booking.cancelledAt?.toUnixInteger(), due.toUnixInteger())

    // booking:cancelled released the capacity: the full listing is back on the market.
    await listing.refresh()
    assert.equal(listing.status, 'active')

    const changes = await cancellations(booking.id)
    assert.lengthOf(changes, 1)
    assert.equal(changes[0].fromStatus, 'pending')
    assert.isNull(changes[0].changedBy)
    assert.equal(changes[0].note, NOTE)

    // A later run finds nothing left to do.
    assert.deepEqual(await expireAt(due.plus({ minutes: 5 })), { cancelled: [], skipped: [] })
  })

  test('paid, other payment statuses and other statuses are never touched', async ({ assert }) => {
    const createdAt = created()
    const shipper = await makeUser('shipper')
    const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
    const others = await Promise.all(
      (
        [
          ['booked', 'paid'],
          ['confirmed', 'paid'],
          ['in_transit', 'paid'],
          ['delivered', 'paid'],
          ['cancelled', 'pending'],
          ['cancelled', 'refunded'],
          ['pending', 'paid'],
          ['pending', 'refunded'],
        ] as const
      ).map(([status, paymentStatus]) =>
        makeBooking(shipper, listing, { status, paymentStatus, pallets: 1, createdAt })
      )
    )

    const result = await expireAt(createdAt.plus({ hours: 2 }))
    assert.deepEqual(result, { cancelled: [], skipped: [] })
    for (const before of others) {
      const after = await Booking.findOrFail(before.id)
      assert.equal(after.status, before.status)
      assert.equal(after.paymentStatus, before.paymentStatus)
    }
    assert.lengthOf(await BookingStatusChange.query(), 0)
  })

  test('a payment the provider reports succeeded or processing is left for the webhook', async ({
    client,
    assert,
  }) => {
    const createdAt = created()
    const succeeded = await heldListing(createdAt)
    const processing = await heldListing(createdAt)
    const first = await createIntent(client, succeeded.shipper, succeeded.booking)
    const second = await createIntent(client, processing.shipper, processing.booking)

    // The card network said yes but the webhook has not arrived yet: the sandbox's own record
    // of the intent is what getPayment() reads, as Stripe's API would answer.
    await db
      .from('sandbox_payments')
      .where('id', first.id)
      .update({ status: 'succeeded', charge_id: `ch_deadline_${first.id}` })
    await db.from('sandbox_payments').where('id', second.id).update({ status: 'processing' })

    const result = await expireAt(createdAt.plus({ minutes: 31 }))
    assert.deepEqual(result.cancelled, [])
    assert.sameMembers(result.skipped, [succeeded.booking.id, processing.booking.id])
    for (const { booking } of [succeeded, processing]) {
      await booking.refresh()
      assert.equal(booking.status, 'pending')
      assert.lengthOf(await cancellations(booking.id), 0)
    }

    // The late webhook then books it as usual.
    const payload = JSON.stringify({
      id: 'evt_deadline_late',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: first.id,
          object: 'payment_intent',
          amount: toCents(succeeded.booking.totalAmount!),
          currency: 'usd',
          status: 'succeeded',
          client_secret: first.clientSecret,
          latest_charge: `ch_deadline_${first.id}`,
          last_payment_error: null,
          metadata: { bookingId: String(succeeded.booking.id) },
          transfer_group: `booking_${succeeded.booking.id}`,
        },
      },
    })
    // Posted raw, as the provider does: the signature covers the exact bytes.
    const hook = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/webhooks/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, webhookSecret()),
      },
      body: payload,
    })
    assert.equal(hook.status, 200)
    await succeeded.booking.refresh()
    assert.equal(succeeded.booking.status, 'booked')
    assert.equal(succeeded.booking.paymentStatus, 'paid')
  })

  test('an intent never paid, or declined, does not stop the cancellation', async ({
    client,
    assert,
  }) => {
    const createdAt = created()
    const untouched = await heldListing(createdAt)
    const declined = await heldListing(createdAt)
    await createIntent(client, untouched.shipper, untouched.booking)
    const intent = await createIntent(client, declined.shipper, declined.booking)
    const res = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: intent.clientSecret, ...card(DECLINED_CARD) })
      .loginAs(declined.shipper)
      .withCsrfToken()
    res.assertStatus(402)

    const result = await expireAt(createdAt.plus({ minutes: 30 }))
    assert.sameMembers(result.cancelled, [untouched.booking.id, declined.booking.id])
    assert.deepEqual(result.skipped, [])
    for (const { booking } of [untouched, declined]) {
      await booking.refresh()
      assert.equal(booking.status, 'cancelled')
    }
  })

  test('two runs at once cancel each booking exactly once', async ({ assert }) => {
    const createdAt = created()
    const held = []
    for (let i = 0; i < 6; i++) held.push(await heldListing(createdAt))
    const ids = held.map(({ booking }) => booking.id)

    app.container.swap(Clock, () => new FixedClock(createdAt.plus({ minutes: 45 })))
    const [a, b] = await Promise.all([
      app.container.make(PaymentDeadlineService).then((s) => s.expireUnpaid()),
      app.container.make(PaymentDeadlineService).then((s) => s.expireUnpaid()),
    ])

    assert.sameMembers([...a.cancelled, ...b.cancelled], ids)
    for (const id of ids) {
      assert.lengthOf(await cancellations(id), 1)
      assert.equal((await Booking.findOrFail(id)).status, 'cancelled')
    }
    for (const { listing } of held) {
      await listing.refresh()
      assert.equal(listing.status, 'active')
    }
  })

  test('GET /api/bookings/:id shows paymentDueAt while unpaid and null once paid', async ({
    client,
    assert,
  }) => {
    const { shipper, booking } = await heldListing()
    const pending = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    pending.assertStatus(200)
    const body = pending.body()
    assert.isString(body.paymentDueAt)
    assert.equal(
      DateTime.fromISO(body.paymentDueAt).toMillis(),
      DateTime.fromISO(body.createdAt).plus({ minutes: 30 }).toMillis()
    )
    const list = await client.get('/api/bookings').loginAs(shipper)
    assert.equal(list.body()[0].paymentDueAt, body.paymentDueAt)

    const intent = await createIntent(client, shipper, booking)
    const paid = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: intent.clientSecret, ...card(SUCCESS_CARD) })
      .loginAs(shipper)
      .withCsrfToken()
    paid.assertStatus(200)
    const after = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    assert.equal(after.body().status, 'booked')
    assert.isNull(after.body().paymentDueAt)
  })

  test('a cancelled unpaid booking has no paymentDueAt', async ({ client, assert }) => {
    const createdAt = created()
    const { shipper, booking } = await heldListing(createdAt)
    await expireAt(createdAt.plus({ minutes: 30 }))
    const res = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    assert.equal(res.body().status, 'cancelled')
    assert.isNull(res.body().paymentDueAt)
  })

  test('node ace bookings:expire-unpaid cancels and reports', async ({ assert }) => {
    const createdAt = created()
    const { booking } = await heldListing(createdAt)
    app.container.swap(Clock, () => new FixedClock(createdAt.plus({ minutes: 30 })))
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    const command = await ace.create(BookingsExpireUnpaid, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(
      new RegExp(`1 unpaid booking\\(s\\) cancelled, 0 skipped \\(cancelled: ${booking.id}\\)`)
    )
    await booking.refresh()
    assert.equal(booking.status, 'cancelled')
  })
})
