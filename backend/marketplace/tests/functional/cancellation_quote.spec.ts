import { test } from '@japa/runner'
import Booking from '#marketplace/models/booking'
import { LATE_CANCEL_WINDOW_HOURS } from '#marketplace/cancellation_policy'
import { bookingReference } from '#core/reference'
import { toCents } from '#core/money'
import { makeUser, businessDateFromToday, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

/** GET /api/bookings/:id/cancellation: the cancellation policy's outcome (decision 0178). */
test.group('GET /api/bookings/:id/cancellation', (group) => {
  eachTestInTransaction(group)

  async function world() {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    return { shipper, carrierUser, listing }
  }

  test('a paid booking days before pickup: full refund, no fee', async ({ client, assert }) => {
    const { shipper, listing } = await world()
    const booking = await makeBooking(shipper, listing, { status: 'confirmed' })
    const res = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    res.assertStatus(200)
    const total = toCents(booking.totalAmount!)
    assert.containsSubset(res.body(), {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      cancellable: true,
      refusal: null,
      paid: true,
      late: false,
      lateCancelWindowHours: LATE_CANCEL_WINDOW_HOURS,
      totalCents: total,
      refundCents: total,
      feeCents: 0,
      carrierFeeCents: 0,
      platformFeeCents: 0,
      load: 'none',
    })
    assert.match(res.body().refundArrivesBy, /^\d{4}-\d{2}-\d{2}$/)
    // Asking changes nothing.
    assert.equal((await Booking.findOrFail(booking.id)).status, 'confirmed')
  })

  test('a booking on the road cannot be cancelled, and says why', async ({ client, assert }) => {
    const { shipper, listing } = await world()
    const booking = await makeBooking(shipper, listing, { status: 'in_transit' })
    const res = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      cancellable: false,
      refusal: 'Cannot change a booking from in transit to cancelled',
      refundCents: 0,
      feeCents: 0,
      refundArrivesBy: null,
    })
  })

  test('a freight-board claim says its load goes back on the board unfunded', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    const booking = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
      bookingType: 'freight_board',
      pickupDate: businessDateFromToday(1),
    })
    const res = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      cancellable: true,
      paid: false,
      feeCents: 0,
      refundCents: 0,
      load: 'back_on_board_unfunded',
    })
  })

  test('the cancel stores the fee the policy computes at that moment', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    // Paid outside the provider (no intent): the fee is recorded, no refund is attempted.
    const booking = await makeBooking(shipper, listing, {
      status: 'booked',
      pickupDate: businessDateFromToday(0),
    })
    const quote = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    assert.isTrue(quote.body().late)
    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().cancellationFeeCents, quote.body().feeCents)
    assert.equal((await Booking.findOrFail(booking.id)).cancellationFeeCents, quote.body().feeCents)
    // Cancelled: the quote now says it cannot be cancelled again.
    const again = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    assert.containsSubset(again.body(), {
      cancellable: false,
      refusal: 'The booking is already cancelled',
    })
  })

  test('bad ids, other shippers, carriers, admins and strangers are refused', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, listing } = await world()
    const booking = await makeBooking(shipper, listing, { status: 'booked' })
    const url = `/api/bookings/${booking.id}/cancellation`

    for (const bad of ['abc', '0', '-1', '1.5', '99999999']) {
      const res = await client.get(`/api/bookings/${bad}/cancellation`).loginAs(shipper)
      res.assertStatus(404)
      assert.notEqual(res.status(), 500)
    }
    const stranger = await client.get(url).loginAs(await makeUser('shipper'))
    stranger.assertStatus(404)
    stranger.assertBody({ message: 'Booking not found' })
    for (const user of [carrierUser, await makeUser('admin')]) {
      const refused = await client.get(url).loginAs(user)
      refused.assertStatus(403)
    }
    ;(await client.get(url)).assertStatus(401)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'booked')
  })
})
