import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation, onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'
import { TRANSIT_REFUSALS } from '#marketplace/booking_status'

const CHOICES = 'Status must be one of booked, confirmed, in transit, delivered, delayed'

async function setup() {
  const carrier = await makeUser('carrier', { isApproved: true })
  const shipper = await makeUser('shipper', { firstName: 'Sam', lastName: 'Shipper' })
  const listing = await makeListing(carrier, { from: 'chicago', to: 'detroit' })
  return { carrier, shipper, listing }
}

test.group('Carrier bookings: GET /api/carrier/bookings', (group) => {
  eachTestInTransaction(group)

  test('the carrier’s bookings newest first, with the shipper and next statuses', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, listing } = await setup()
    const other = await makeUser('carrier', { isApproved: true })
    const older = await makeBooking(shipper, listing, {
      status: 'confirmed',
      createdAt: DateTime.now().minus({ days: 1 }),
    })
    const newer = await makeBooking(shipper, listing, {
      pallets: 3,
      status: 'booked',
      specialInstructions: 'Dock 4',
    })
    // Its rate confirmation accepted: what holds the pickup back is its date (0221, 0226).
    await acceptRateConfirmation(newer.id, carrier.id)
    await makeBooking(shipper, await makeListing(other))

    const res = await client.get('/api/carrier/bookings').loginAs(carrier)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((b: any) => b.id),
      [newer.id, older.id]
    )
    const first = res.body()[0]
    assert.deepEqual(first, {
      id: newer.id,
      reference: `TRT-${String(newer.id).padStart(3, '0')}`,
      status: 'booked',
      paymentStatus: 'paid',
      payoutStatus: 'pending',
      pickupAddress: listing.pickupAddress,
      pickupCity: 'Chicago',
      pickupState: 'IL',
      pickupZip: null,
      deliveryAddress: listing.deliveryAddress,
      deliveryCity: 'Detroit',
      deliveryState: 'MI',
      deliveryZip: null,
      numberOfPallets: 3,
      distance: newer.distance,
      ratePerMilePerPallet: 2.5,
      totalAmount: newer.totalAmount,
      pickupDate: newer.pickupDate!.toISODate(),
      deliveryDate: newer.deliveryDate!.toISODate(),
      expectedDeliveryDate: newer.deliveryDate!.toISODate(),
      specialInstructions: 'Dock 4',
      listingId: listing.id,
      truckId: listing.truckId,
      shipper: {
        firstName: 'Sam',
        lastName: 'Shipper',
        email: shipper.email,
        phone: '3125550100',
      },
      deliveredAt: null,
      completedAt: null,
      cancelledAt: null,
      cancellationFeeCents: null,
      cancellationFeeShareCents: null,
      createdAt: first.createdAt,
      // Picked up in two days (the factory's date): not on the road before then (0221).
      allowedStatuses: ['confirmed', 'delayed'],
      inTransitBlockedReason: TRANSIT_REFUSALS.beforePickupDay(newer.pickupDate!.toISODate()!),
      deliveryBlockedReason: null,
      // Not assigned to a driver member (decision 0237).
      driver: null,
    })
    // SQLite keeps whole seconds
    assert.isBelow(
      Math.abs(DateTime.fromISO(first.createdAt).diff(newer.createdAt).as('seconds')),
      1
    )
    assert.deepEqual(res.body()[1].allowedStatuses, ['booked', 'delayed'])
  })

  test('without a delivery date, the expected date adds a day per 500 miles begun', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, listing } = await setup()
    const pickup = DateTime.fromISO('2026-12-01')
    await makeBooking(shipper, listing, {
      distance: 1234,
      deliveryDate: null,
      pickupDate: pickup,
      createdAt: DateTime.now().minus({ minutes: 2 }),
    })
    await makeBooking(shipper, listing, {
      distance: 500,
      deliveryDate: null,
      pickupDate: pickup,
      createdAt: DateTime.now().minus({ minutes: 1 }),
    })
    await makeBooking(shipper, listing, {
      distance: 40,
      deliveryDate: null,
      pickupDate: null,
      createdAt: DateTime.fromISO('2026-11-20T15:00:00Z'),
    })
    const res = await client.get('/api/carrier/bookings').loginAs(carrier)
    assert.deepEqual(
      res.body().map((b: any) => [b.distance, b.expectedDeliveryDate]),
      [
        [500, '2026-12-02'],
        [1234, '2026-12-04'],
        [40, '2026-11-21'],
      ]
    )
  })

  test('filters by status; an empty filter means all; an unknown one is a 422', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, listing } = await setup()
    const delivered = await makeBooking(shipper, listing, { status: 'delivered' })
    await makeBooking(shipper, listing, { status: 'booked' })
    const res = await client
      .get('/api/carrier/bookings')
      .qs({ status: 'delivered' })
      .loginAs(carrier)
    assert.deepEqual(
      res.body().map((b: any) => b.id),
      [delivered.id]
    )
    assert.deepEqual(res.body()[0].allowedStatuses, [])
    const all = await client.get('/api/carrier/bookings?status=').loginAs(carrier)
    assert.lengthOf(all.body(), 2)
    const bad = await client.get('/api/carrier/bookings').qs({ status: 'lost' }).loginAs(carrier)
    bad.assertStatus(422)
    assert.equal(
      bad.body().message,
      'Status must be one of pending, booked, confirmed, in transit, delivered, delayed, cancelled'
    )
  })
})

test.group('Carrier bookings: PUT /api/bookings/:id/status', (group) => {
  eachTestInTransaction(group)

  test('moves a booking along the road, recording each change', async ({ client, assert }) => {
    const { carrier, shipper, listing } = await setup()
    const booking = await makeBooking(shipper, listing, { status: 'booked', ...onTheRoad() })
    await acceptRateConfirmation(booking.id, carrier.id)
    const noPod =
      'A proof of delivery is missing: upload the POD to the booking (or record an exception) before marking it delivered'
    // On the road without a POD, delivery waits for one; the delay is a recorded exception.
    const steps = [
      ['confirmed', ['booked', 'in_transit', 'delayed'], null],
      ['booked', ['confirmed', 'in_transit', 'delayed'], null],
      ['in_transit', ['delayed'], noPod],
      ['delayed', ['in_transit', 'delivered'], null],
      ['in_transit', ['delayed', 'delivered'], null],
      ['delivered', [], null],
    ] as const
    for (const [status, allowed, blocked] of steps) {
      const res = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(200)
      assert.equal(res.body().status, status)
      assert.deepEqual(res.body().allowedStatuses, allowed)
      assert.equal(res.body().deliveryBlockedReason, blocked)
    }
    await booking.refresh()
    assert.equal(booking.status, 'delivered')
    assert.isNotNull(booking.deliveredAt)
    const history = await BookingStatusChange.query()
      .where('bookingId', booking.id)
      .orderBy('id', 'asc')
    assert.deepEqual(
      history.map((h) => [h.fromStatus, h.toStatus, h.changedBy]),
      [
        ['booked', 'confirmed', carrier.id],
        ['confirmed', 'booked', carrier.id],
        ['booked', 'in_transit', carrier.id],
        ['in_transit', 'delayed', carrier.id],
        ['delayed', 'in_transit', carrier.id],
        ['in_transit', 'delivered', carrier.id],
      ]
    )
  })

  test('booked goes straight to in transit or delayed; confirmed to delayed', async ({
    client,
  }) => {
    const { carrier, shipper, listing } = await setup()
    for (const [from, to] of [
      ['booked', 'in_transit'],
      ['booked', 'delayed'],
      ['confirmed', 'in_transit'],
      ['confirmed', 'delayed'],
      ['delayed', 'delivered'],
    ] as const) {
      const booking = await makeBooking(shipper, listing, { status: from, ...onTheRoad() })
      await acceptRateConfirmation(booking.id, carrier.id)
      if (to === 'delivered') await uploadProofOfDelivery(booking.id, carrier.id)
      const res = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status: to })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(200)
    }
  })

  test('illegal moves are 409 with the status machine’s message; nothing changes', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, listing } = await setup()
    const cases = [
      ['booked', 'delivered', 'Cannot change a booking from booked to delivered'],
      ['confirmed', 'delivered', 'Cannot change a booking from confirmed to delivered'],
      ['in_transit', 'booked', 'Cannot change a booking from in transit to booked'],
      ['in_transit', 'confirmed', 'Cannot change a booking from in transit to confirmed'],
      ['delayed', 'booked', 'Cannot change a booking from delayed to booked'],
      ['delayed', 'confirmed', 'Cannot change a booking from delayed to confirmed'],
      ['delivered', 'booked', 'Cannot change a booking from delivered to booked'],
      ['delivered', 'in_transit', 'Cannot change a booking from delivered to in transit'],
      ['cancelled', 'confirmed', 'Cannot change a booking from cancelled to confirmed'],
      ['pending', 'booked', 'A carrier cannot change a booking from pending to booked'],
      ['pending', 'confirmed', 'Cannot change a booking from pending to confirmed'],
      ['confirmed', 'confirmed', 'The booking is already confirmed'],
      ['in_transit', 'in_transit', 'The booking is already in transit'],
    ] as const
    for (const [from, to, message] of cases) {
      const booking = await makeBooking(shipper, listing, { status: from })
      const res = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status: to })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message })
      await booking.refresh()
      assert.equal(booking.status, from)
    }
    assert.equal(Number((await BookingStatusChange.query().count('* as n'))[0].$extras.n), 0)
  })

  test('only the updater’s five choices are accepted', async ({ client, assert }) => {
    const { carrier, shipper, listing } = await setup()
    const booking = await makeBooking(shipper, listing, { status: 'booked' })
    for (const payload of [
      { status: 'cancelled' },
      { status: 'pending' },
      { status: 'in transit' },
      { status: 7 },
      {},
    ]) {
      const res = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json(payload)
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().message, CHOICES)
      assert.equal(res.body().errors[0].field, 'status')
    }
    await booking.refresh()
    assert.equal(booking.status, 'booked')
  })

  test('another carrier’s booking, or none, is a 404', async ({ client, assert }) => {
    const { shipper, listing } = await setup()
    const intruder = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(shipper, listing, { status: 'booked' })
    for (const id of [booking.id, 999999]) {
      const res = await client
        .put(`/api/bookings/${id}/status`)
        .json({ status: 'confirmed' })
        .loginAs(intruder)
        .withCsrfToken()
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: 'Booking not found' })
    }
    await booking.refresh()
    assert.equal(booking.status, 'booked')
  })

  test('shippers, admins and unapproved carriers are refused; signed out is a 401', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, listing } = await setup()
    const booking = await makeBooking(shipper, listing, { status: 'booked' })
    const pending = await makeUser('carrier', { isApproved: false })
    for (const [user, message] of [
      [shipper, 'You do not have access to this resource'],
      [await makeUser('admin'), 'You do not have access to this resource'],
      [pending, 'Account pending approval'],
    ] as const) {
      const put = await client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status: 'confirmed' })
        .loginAs(user)
        .withCsrfToken()
      put.assertStatus(403)
      assert.deepEqual(put.body(), { message })
      const list = await client.get('/api/carrier/bookings').loginAs(user)
      list.assertStatus(403)
    }
    const out = await client
      .put(`/api/bookings/${booking.id}/status`)
      .json({ status: 'confirmed' })
      .withCsrfToken()
    out.assertStatus(401)
    const outList = await client.get('/api/carrier/bookings')
    outList.assertStatus(401)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'booked')
    void carrier
  })
})
