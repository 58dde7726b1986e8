import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { sqlTimestamp } from '#core/timestamps'
import Booking from '#marketplace/models/booking'
import { Clock, FixedClock } from '#core/clock'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

async function deliveredBooking(overrides: Partial<Booking> = {}) {
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, {
    status: 'delivered',
    deliveredAt: DateTime.now().minus({ hours: 3 }),
    ...overrides,
  })
  return { shipper, carrierUser, listing, booking }
}

test.group('POST /api/booking/:id/complete', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => {
    emitter.restore()
    app.container.restore(Clock)
  })

  test('completes a delivered shipment and tells payments', async ({ client, assert }) => {
    const { shipper, booking } = await deliveredBooking()
    const events = emitter.fake(['booking:completed'])
    const at = DateTime.fromISO('2030-05-06T07:08:09.000Z')
    app.container.swap(Clock, () => new FixedClock(at))

    const res = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      id: booking.id,
      status: 'delivered',
      canComplete: false,
      canCancel: false,
    })
    assert.equal(DateTime.fromISO(res.body().completedAt).toMillis(), at.toMillis())

    await booking.refresh()
    assert.equal(booking.completedAt!.toMillis(), at.toMillis())
    assert.equal(booking.status, 'delivered')
    events.assertEmittedCount('booking:completed', 1)
    events.assertEmitted(
      'booking:completed',
      ({ data }) =>
        data.bookingId === booking.id &&
        data.shipperId === shipper.id &&
        DateTime.fromISO(data.completedAt).toMillis() === at.toMillis()
    )
  })

  test('the booking says what completing would do to the payout (decision 0220)', async ({
    client,
    assert,
  }) => {
    const now = DateTime.fromISO('2030-05-06T12:00:00.000Z')
    app.container.swap(Clock, () => new FixedClock(now))
    const deliveredAt = now.minus({ hours: 3 })
    const view = async (booking: Booking, shipper: any) => {
      const res = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
      res.assertStatus(200)
      return res.body().completion
    }

    // Delivered three hours ago, paid, payout pending: completing releases it now.
    const pending = await deliveredBooking({ paymentStatus: 'paid', deliveredAt })
    assert.deepEqual(await view(pending.booking, pending.shipper), {
      payout: 'releases_now',
      releasedAt: null,
      autoReleaseAt: deliveredAt.plus({ hours: 48 }).toUTC().toISO(),
      transferHeldUntil: null,
    })

    // The 48-hour job already released and paid it (TRT in the walk): no money moves.
    const releasedAt = now.minus({ hours: 2 })
    const released = await deliveredBooking({
      paymentStatus: 'paid',
      deliveredAt: now.minus({ hours: 50 }),
      payoutStatus: 'paid',
      payoutReleasedAt: releasedAt,
    })
    assert.deepEqual(await view(released.booking, released.shipper), {
      payout: 'already_released',
      releasedAt: releasedAt.toUTC().toISO(),
      autoReleaseAt: null,
      transferHeldUntil: null,
    })

    // A carrier whose payouts are held for review: released now, the transfer waits.
    const held = await deliveredBooking({ paymentStatus: 'paid', deliveredAt })
    const endsAt = now.plus({ hours: 30 })
    await db.table('payout_holds').insert({
      carrier_id: held.listing.carrierId,
      kind: 'payout_account',
      reason: 'Payout account changed: payouts held for 72 hours',
      notice_sent_to: null,
      starts_at: sqlTimestamp(now.minus({ hours: 42 }), db.connection()),
      ends_at: sqlTimestamp(endsAt, db.connection()),
      created_at: sqlTimestamp(now.minus({ hours: 42 }), db.connection()),
    })
    assert.deepEqual(await view(held.booking, held.shipper), {
      payout: 'releases_now',
      releasedAt: null,
      autoReleaseAt: deliveredAt.plus({ hours: 48 }).toUTC().toISO(),
      transferHeldUntil: endsAt.toUTC().toISO(),
    })

    // Nothing was paid: no payout rides on it.
    const unpaid = await deliveredBooking({ paymentStatus: 'refunded', deliveredAt })
    assert.deepEqual(await view(unpaid.booking, unpaid.shipper), {
      payout: 'none',
      releasedAt: null,
      autoReleaseAt: null,
      transferHeldUntil: null,
    })

    // Once completed there is nothing left to say.
    await client
      .post(`/api/booking/${pending.booking.id}/complete`)
      .loginAs(pending.shipper)
      .withCsrfToken()
    assert.isNull(await view(pending.booking, pending.shipper))
  })

  test('a delivered booking offers completion until it is completed', async ({
    client,
    assert,
  }) => {
    const { shipper, booking } = await deliveredBooking()
    const before = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    assert.isTrue(before.body().canComplete)
    await client.post(`/api/booking/${booking.id}/complete`).loginAs(shipper).withCsrfToken()
    const after = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    assert.isFalse(after.body().canComplete)
    assert.isNotNull(after.body().completedAt)
  })

  test('only a delivered shipment can be completed', async ({ client, assert }) => {
    const events = emitter.fake(['booking:completed'])
    for (const status of [
      'pending',
      'booked',
      'confirmed',
      'in_transit',
      'delayed',
      'cancelled',
    ] as const) {
      const { shipper, booking } = await deliveredBooking({ status, deliveredAt: null })
      const res = await client
        .post(`/api/booking/${booking.id}/complete`)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(409)
      res.assertBody({ message: 'Only a delivered shipment can be completed' })
      await booking.refresh()
      assert.isNull(booking.completedAt, status)
    }
    events.assertNotEmitted('booking:completed')
  })

  test('completing twice is a 409 and emits once', async ({ client, assert }) => {
    const { shipper, booking } = await deliveredBooking()
    const events = emitter.fake(['booking:completed'])
    const first = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    first.assertStatus(200)
    await booking.refresh()
    const completedAt = booking.completedAt!.toMillis()
    const second = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    second.assertStatus(409)
    second.assertBody({ message: 'This shipment is already completed' })
    await booking.refresh()
    assert.equal(booking.completedAt!.toMillis(), completedAt)
    events.assertEmittedCount('booking:completed', 1)
  })

  test("another shipper's booking is a 404; carriers and admins are refused", async ({
    client,
    assert,
  }) => {
    const { carrierUser, booking } = await deliveredBooking()
    const stranger = await makeUser('shipper')
    const res = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(stranger)
      .withCsrfToken()
    res.assertStatus(404)
    const missing = await client
      .post('/api/booking/999999/complete')
      .loginAs(stranger)
      .withCsrfToken()
    missing.assertStatus(404)
    for (const user of [carrierUser, await makeUser('admin')]) {
      const refused = await client
        .post(`/api/booking/${booking.id}/complete`)
        .loginAs(user)
        .withCsrfToken()
      refused.assertStatus(403)
    }
    const anonymous = await client.post(`/api/booking/${booking.id}/complete`).withCsrfToken()
    anonymous.assertStatus(401)
    await booking.refresh()
    assert.isNull(booking.completedAt)
  })
})
