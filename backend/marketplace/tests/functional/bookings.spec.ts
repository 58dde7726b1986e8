import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import Listing from '#fleet/models/listing'
import { roadMiles } from '#core/geo'
import { makeUser, businessDayFromToday, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'

const day = businessDayFromToday

async function place(address: string) {
  const result = await geocoding.geocode(address)
  if (!result.ok) throw new Error(result.message)
  return result.place
}

const bookingBody = (listingId: number, overrides: Record<string, unknown> = {}) => ({
  listingId,
  pickupAddress: '100 W Randolph St, Chicago, IL 60601',
  deliveryAddress: 'Detroit, MI 48201',
  numberOfPallets: 4,
  pickupDate: day(2),
  deliveryDate: day(3),
  specialInstructions: 'Dock 4, call ahead',
  ...overrides,
})

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keysOf(v, into))
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.add(key)
      keysOf(v, into)
    }
  }
  return into
}

test.group('POST /api/bookings', (group) => {
  eachTestInTransaction(group)

  test('books pallets at the listing price, pending payment, with history', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { rate: 2.5, maxPallets: 10 })

    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)

    const pickup = await place('100 W Randolph St, Chicago, IL 60601')
    const delivery = await place('Detroit, MI 48201')
    const distance = roadMiles(pickup, delivery)
    const lineHaulCents = Math.round(4 * distance * 250)
    const totalCents = Math.round(lineHaulCents * 1.09)

    const booking = await Booking.findOrFail(res.body().id)
    const carrier = await carrierOf(carrierUser)
    assert.containsSubset(booking.serialize(), {
      shipperId: shipper.id,
      carrierId: carrier.id,
      truckId: listing.truckId,
      listingId: listing.id,
      pickupAddress: 'Chicago, IL 60601',
      pickupCity: 'Chicago',
      pickupState: 'IL',
      pickupZip: '60601',
      pickupLatitude: pickup.latitude,
      pickupLongitude: pickup.longitude,
      deliveryAddress: 'Detroit, MI 48201',
      deliveryCity: 'Detroit',
      deliveryState: 'MI',
      deliveryZip: '48201',
      deliveryLatitude: delivery.latitude,
      deliveryLongitude: delivery.longitude,
      numberOfPallets: 4,
      distance,
      ratePerMilePerPallet: 2.5,
      totalAmount: totalCents / 100,
      status: 'pending',
      paymentStatus: 'pending',
      payoutStatus: 'pending',
      specialInstructions: 'Dock 4, call ahead',
    })
    assert.equal(booking.pickupDate!.toISODate(), day(2))
    assert.equal(booking.deliveryDate!.toISODate(), day(3))

    const history = await BookingStatusChange.query().where('bookingId', booking.id)
    assert.lengthOf(history, 1)
    assert.containsSubset(history[0].serialize(), {
      fromStatus: null,
      toStatus: 'pending',
      changedBy: shipper.id,
    })

    const body = res.body()
    assert.match(body.carrierName, /^Verified carrier #\d{4}$/)
    assert.containsSubset(body, {
      id: booking.id,
      reference: `TRT-${String(booking.id).padStart(3, '0')}`,
      status: 'pending',
      paymentStatus: 'pending',
      payoutStatus: 'pending',
      pickupCity: 'Chicago',
      deliveryZip: '48201',
      numberOfPallets: 4,
      distance,
      ratePerMilePerPallet: 2.5,
      totalAmount: totalCents / 100,
      priceBreakdown: {
        lineHaul: lineHaulCents / 100,
        platformFee: (totalCents - lineHaulCents) / 100,
        total: totalCents / 100,
      },
      pickupDate: day(2),
      deliveryDate: day(3),
      listingId: listing.id,
      deliveredAt: null,
      completedAt: null,
      cancelledAt: null,
      canCancel: true,
      canComplete: false,
    })
    assert.equal(body.carrierProfile.label, body.carrierName)
    // Still room on the listing.
    await listing.refresh()
    assert.equal(listing.status, 'active')
  })

  test('the search price is the booking price', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { rate: 1.85 })
    const search = await client
      .post('/api/listings/search')
      .json({
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI',
        numberOfPallets: 7,
        pickupDate: day(1),
      })
      .loginAs(shipper)
      .withCsrfToken()
    const offer = search.body()[0]
    const res = await client
      .post('/api/bookings')
      .json(
        bookingBody(listing.id, {
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: 7,
          pickupDate: day(1),
        })
      )
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(res.body().totalAmount, offer.estimated_price)
    assert.deepEqual(res.body().priceBreakdown, offer.priceBreakdown)
    assert.equal(res.body().distance, offer.distance_miles)
  })

  test('client prices, carrier, status and owner are ignored', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { rate: 2.5 })
    const honest = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .loginAs(shipper)
      .withCsrfToken()
    honest.assertStatus(201)
    const tampered = await client
      .post('/api/bookings')
      .json(
        bookingBody(listing.id, {
          carrierId: (await carrierOf(otherCarrier)).id,
          shipperId: other.id,
          truckId: 999,
          distance: 1,
          ratePerMilePerPallet: 0.01,
          totalAmount: 1,
          status: 'delivered',
          paymentStatus: 'paid',
          payoutStatus: 'paid',
          pickupCity: 'Nowhere',
          pickupZip: '99999',
        })
      )
      .loginAs(shipper)
      .withCsrfToken()
    tampered.assertStatus(201)
    const first = await Booking.findOrFail(honest.body().id)
    const second = await Booking.findOrFail(tampered.body().id)
    for (const field of [
      'carrierId',
      'truckId',
      'distance',
      'ratePerMilePerPallet',
      'totalAmount',
      'status',
      'paymentStatus',
      'payoutStatus',
      'pickupCity',
      'pickupZip',
    ] as const) {
      assert.equal(second[field], first[field], field)
    }
    assert.equal(second.shipperId, shipper.id)
    assert.equal(second.carrierId, (await carrierOf(carrierUser)).id)
    assert.equal(second.status, 'pending')
    assert.isAbove(second.totalAmount!, 100)
  })

  test('dates: both required, not in the past, delivery not before pickup', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const missing = 'Missing information: Please select both pickup and delivery dates.'
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pickupDate: undefined }, 'pickupDate', missing],
      [{ deliveryDate: undefined }, 'deliveryDate', missing],
      [{ pickupDate: '' }, 'pickupDate', missing],
      [{ pickupDate: day(-1) }, 'pickupDate', 'Pickup date cannot be earlier than today'],
      [
        { pickupDate: day(4), deliveryDate: day(3) },
        'deliveryDate',
        'Delivery date cannot be earlier than the pickup date',
      ],
      [
        { pickupDate: undefined, deliveryDate: day(-1) },
        'deliveryDate',
        'Delivery date cannot be earlier than today',
      ],
      [{ pickupDate: 'soon' }, 'pickupDate', 'Pickup date must be a date (YYYY-MM-DD)'],
    ]
    for (const [overrides, field, message] of cases) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id, overrides))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: { field: string; message: string }) => ({
          field: e.field,
          message: e.message,
        })),
        { field, message },
        JSON.stringify(overrides)
      )
    }
    const both = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { pickupDate: null, deliveryDate: null }))
      .loginAs(shipper)
      .withCsrfToken()
    both.assertStatus(422)
    assert.deepEqual(
      both.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      [
        ['pickupDate', missing],
        ['deliveryDate', missing],
      ]
    )
    const sameDay = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { pickupDate: day(2), deliveryDate: day(2) }))
      .loginAs(shipper)
      .withCsrfToken()
    sameDay.assertStatus(201)
    assert.equal((await Booking.all()).length, 1)
  })

  test('other fields: listing, addresses, pallets', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const pallets = 'Number of pallets must be between 1 and 100'
    const cases: [Record<string, unknown>, string, string][] = [
      [{ listingId: undefined }, 'listingId', 'Choose a carrier listing to book'],
      [{ listingId: 'abc' }, 'listingId', 'Choose a carrier listing to book'],
      [{ pickupAddress: '' }, 'pickupAddress', 'Pickup address is required'],
      [{ deliveryAddress: undefined }, 'deliveryAddress', 'Delivery address is required'],
      [{ numberOfPallets: 0 }, 'numberOfPallets', pallets],
      [{ numberOfPallets: 101 }, 'numberOfPallets', pallets],
      [{ numberOfPallets: 1.5 }, 'numberOfPallets', pallets],
      [{ numberOfPallets: undefined }, 'numberOfPallets', pallets],
      [
        { specialInstructions: 'x'.repeat(2001) },
        'specialInstructions',
        'Special instructions must be at most 2000 characters',
      ],
    ]
    for (const [overrides, field, message] of cases) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id, overrides))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: { field: string; message: string }) => ({
          field: e.field,
          message: e.message,
        })),
        { field, message },
        JSON.stringify(overrides)
      )
    }
    const unplaceable = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { deliveryAddress: 'Somewhere over the rainbow' }))
      .loginAs(shipper)
      .withCsrfToken()
    unplaceable.assertStatus(422)
    const geocoded = await geocoding.geocode('Somewhere over the rainbow')
    assert.deepEqual(unplaceable.body().errors, [
      {
        field: 'deliveryAddress',
        message: geocoded.ok ? '' : geocoded.message,
        rule: 'geocode',
      },
    ])
    assert.equal((await Booking.all()).length, 0)
  })

  test('the shipment must still match the listing', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, {
      availableDate: DateTime.fromISO(day(5)),
      pickupRadius: 50,
      deliveryRadius: 50,
    })
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { pickupDate: day(4), deliveryDate: day(6) },
        'pickupDate',
        `This carrier is available from ${day(5)}`,
      ],
      [
        { pickupAddress: 'Milwaukee, WI', pickupDate: day(5), deliveryDate: day(6) },
        'pickupAddress',
        'This carrier does not serve this pickup location',
      ],
      [
        { deliveryAddress: 'Lansing, MI', pickupDate: day(5), deliveryDate: day(6) },
        'deliveryAddress',
        'This carrier does not serve this delivery location',
      ],
    ]
    for (const [overrides, field, message] of cases) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id, overrides))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [[field, message]]
      )
    }
    assert.equal((await Booking.all()).length, 0)
  })

  test('unknown listing 404; unavailable listing or carrier 409', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const approved = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const unknown = await client
      .post('/api/bookings')
      .json(bookingBody(999999))
      .loginAs(shipper)
      .withCsrfToken()
    unknown.assertStatus(404)
    for (const listing of [
      await makeListing(approved, { status: 'expired' }),
      await makeListing(approved, { status: 'booked' }),
      await makeListing(pending),
    ]) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(409)
      res.assertBody({ message: 'This listing is no longer available' })
    }
    assert.equal((await Booking.all()).length, 0)
  })

  test('not enough pallets left is a 409 naming what is left', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { maxPallets: 10 })
    await makeBooking(shipper, listing, { pallets: 7 })
    await makeBooking(shipper, listing, { pallets: 5, status: 'cancelled' })
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { numberOfPallets: 4 }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(409)
    res.assertBody({ message: 'Only 3 pallets are left on this listing' })
    await makeBooking(shipper, listing, { pallets: 2 })
    const one = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { numberOfPallets: 2 }))
      .loginAs(shipper)
      .withCsrfToken()
    one.assertStatus(409)
    one.assertBody({ message: 'Only 1 pallet is left on this listing' })
    assert.equal((await Booking.query().whereNot('status', 'cancelled')).length, 2)
  })

  test('the booking that uses up the capacity marks the listing booked', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { maxPallets: 10 })
    await makeBooking(shipper, listing, { pallets: 6 })
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { numberOfPallets: 4 }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    await listing.refresh()
    assert.equal(listing.status, 'booked')
    const again = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { numberOfPallets: 1 }))
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBody({ message: 'This listing is no longer available' })
  })

  test('only shippers book', async ({ client, assert }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const admin = await makeUser('admin')
    const listing = await makeListing(carrierUser)
    for (const user of [carrierUser, admin]) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id))
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const anonymous = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .withCsrfToken()
    anonymous.assertStatus(401)
    assert.equal((await Booking.all()).length, 0)
  })
})

test.group('GET /api/bookings and /api/bookings/:id', (group) => {
  eachTestInTransaction(group)

  test('a shipper sees its own bookings, newest first, anonymous before payment', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const carrier = await carrierOf(carrierUser)
    const listing = await makeListing(carrierUser)
    const older = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
      createdAt: DateTime.now().minus({ days: 2 }),
    })
    const newer = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
      createdAt: DateTime.now().minus({ days: 1 }),
    })
    await makeBooking(other, listing)

    const res = await client.get('/api/bookings').loginAs(shipper)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((b: { id: number }) => b.id),
      [newer.id, older.id]
    )
    const text = JSON.stringify(res.body())
    for (const secret of [
      carrier.companyName,
      carrierUser.email,
      carrierUser.phone!,
      carrier.dotNumber!,
      carrier.mcNumber!,
    ]) {
      assert.notInclude(text, secret)
    }
    const keys = keysOf(res.body())
    for (const key of [
      'carrierId',
      'shipperId',
      'truckId',
      'userId',
      'companyName',
      'email',
      'stripePaymentIntentId',
    ]) {
      assert.isFalse(keys.has(key), `booking has a ${key}`)
    }
    const one = await client.get(`/api/bookings/${older.id}`).loginAs(shipper)
    one.assertStatus(200)
    assert.equal(one.body().id, older.id)
    assert.match(one.body().carrierName, /^Verified carrier #\d{4}$/)
    assert.deepEqual(one.body(), res.body()[1])
  })

  test("another shipper's booking is a 404", async ({ client }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
    const theirs = await makeBooking(other, listing)
    const res = await client.get(`/api/bookings/${theirs.id}`).loginAs(shipper)
    res.assertStatus(404)
    const missing = await client.get('/api/bookings/999999').loginAs(shipper)
    missing.assertStatus(404)
  })

  test('a carrier sees its company bookings under its own name', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const mine = await makeBooking(shipper, await makeListing(carrierUser))
    const theirs = await makeBooking(shipper, await makeListing(otherCarrier))
    const res = await client.get('/api/bookings').loginAs(carrierUser)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((b: { id: number }) => b.id),
      [mine.id]
    )
    assert.equal(res.body()[0].carrierName, (await carrierOf(carrierUser)).companyName)
    assert.isFalse(res.body()[0].canCancel)
    assert.isFalse(res.body()[0].canComplete)
    const one = await client.get(`/api/bookings/${theirs.id}`).loginAs(carrierUser)
    one.assertStatus(404)
  })

  test('admins and unapproved carriers are refused; signed out is 401', async ({ client }) => {
    const admin = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    for (const user of [admin, pending]) {
      const res = await client.get('/api/bookings').loginAs(user)
      res.assertStatus(403)
    }
    const anonymous = await client.get('/api/bookings')
    anonymous.assertStatus(401)
  })

  test('a booked listing is still read through its booking after it is gone', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { truck: await makeTruck(carrierUser) })
    const booking = await makeBooking(shipper, listing)
    await Listing.query().where('id', listing.id).delete()
    const res = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    res.assertStatus(200)
    assert.isNull(res.body().listingId)
    assert.equal(res.body().totalAmount, booking.totalAmount)
  })
})
