import { test } from '@japa/runner'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import { makeUser, businessDayFromToday, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

const day = businessDayFromToday

const searchFor = (pallets: number) => ({
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: pallets,
  pickupDate: day(2),
})

test.group('POST /api/bookings/:id/cancel', (group) => {
  eachTestInTransaction(group)

  for (const status of ['pending', 'booked', 'confirmed'] as const) {
    test(`the shipper can cancel a booking that is ${status}`, async ({ client, assert }) => {
      const shipper = await makeUser('shipper')
      const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
      const booking = await makeBooking(shipper, listing, { status })
      const before = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
      assert.isTrue(before.body().canCancel)

      const res = await client
        .post(`/api/bookings/${booking.id}/cancel`)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(200)
      assert.containsSubset(res.body(), { id: booking.id, status: 'cancelled', canCancel: false })
      assert.isNotNull(res.body().cancelledAt)
      await booking.refresh()
      assert.equal(booking.status, 'cancelled')
      assert.isNotNull(booking.cancelledAt)
      const change = await BookingStatusChange.query().where('bookingId', booking.id).firstOrFail()
      assert.containsSubset(change.serialize(), {
        fromStatus: status,
        toStatus: 'cancelled',
        changedBy: shipper.id,
      })
    })
  }

  for (const status of ['in_transit', 'delayed', 'delivered', 'cancelled'] as const) {
    test(`a booking that is ${status} cannot be cancelled`, async ({ client, assert }) => {
      const shipper = await makeUser('shipper')
      const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
      const booking = await makeBooking(shipper, listing, { status })
      const before = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
      assert.isFalse(before.body().canCancel)
      const res = await client
        .post(`/api/bookings/${booking.id}/cancel`)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(409)
      const label = status.replace('_', ' ')
      res.assertBody({
        message:
          status === 'cancelled'
            ? 'The booking is already cancelled'
            : `Cannot change a booking from ${label} to cancelled`,
      })
      await booking.refresh()
      assert.equal(booking.status, status)
      assert.lengthOf(await BookingStatusChange.query().where('bookingId', booking.id), 0)
    })
  }

  test('cancelling frees the pallets and puts a full listing back on the market', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { maxPallets: 10 })
    const book = (pallets: number) =>
      client
        .post('/api/bookings')
        .json({
          listingId: listing.id,
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: pallets,
          pickupDate: day(2),
          deliveryDate: day(3),
        })
        .loginAs(shipper)
        .withCsrfToken()
    const first = await book(6)
    const second = await book(4)
    first.assertStatus(201)
    second.assertStatus(201)
    await listing.refresh()
    assert.equal(listing.status, 'booked')
    const none = await client
      .post('/api/listings/search')
      .json(searchFor(1))
      .loginAs(shipper)
      .withCsrfToken()
    assert.deepEqual(none.body(), [])

    const cancel = await client
      .post(`/api/bookings/${second.body().id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancel.assertStatus(200)
    await listing.refresh()
    assert.equal(listing.status, 'active')
    const found = await client
      .post('/api/listings/search')
      .json(searchFor(4))
      .loginAs(shipper)
      .withCsrfToken()
    assert.lengthOf(found.body(), 1)
    assert.equal(found.body()[0].available_capacity, 4)
    const tooMany = await client
      .post('/api/listings/search')
      .json(searchFor(5))
      .loginAs(shipper)
      .withCsrfToken()
    assert.deepEqual(tooMany.body(), [])
    const rebook = await book(4)
    rebook.assertStatus(201)
    await listing.refresh()
    assert.equal(listing.status, 'booked')
  })

  test('an archived listing stays archived when pallets are freed', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const listing = await makeListing(await makeUser('carrier', { isApproved: true }), {
      status: 'expired',
    })
    const booking = await makeBooking(shipper, listing, { status: 'booked', pallets: 3 })
    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    await listing.refresh()
    assert.equal(listing.status, 'expired')
  })

  test("another shipper's booking is a 404; carriers and admins are refused", async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const stranger = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(shipper, await makeListing(carrierUser), { status: 'booked' })
    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(stranger)
      .withCsrfToken()
    res.assertStatus(404)
    for (const user of [carrierUser, await makeUser('admin')]) {
      const refused = await client
        .post(`/api/bookings/${booking.id}/cancel`)
        .loginAs(user)
        .withCsrfToken()
      refused.assertStatus(403)
    }
    const anonymous = await client.post(`/api/bookings/${booking.id}/cancel`).withCsrfToken()
    anonymous.assertStatus(401)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'booked')
  })
})
