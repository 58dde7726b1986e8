import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
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
