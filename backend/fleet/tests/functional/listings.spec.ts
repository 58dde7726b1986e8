import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Listing from '#fleet/models/listing'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'

const listingCount = async () => Number((await Listing.query().count('* as n'))[0].$extras.n)

const body = (truckId: number, overrides: Record<string, unknown> = {}) => ({
  truckId,
  pickupAddress: 'Chicago, IL',
  pickupRadius: 50,
  deliveryAddress: '48201',
  deliveryRadius: 40,
  ratePerMilePerPallet: 2.75,
  maxPallets: 8,
  availableDate: '2026-12-01',
  ...overrides,
})

test.group('Listings: POST /api/listings', (group) => {
  eachTestInTransaction(group)

  test('creates a listing with both addresses placed offline', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier, { capacity: 12 })
    const res = await client
      .post('/api/listings')
      .json(body(truck.id))
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(201)
    const listing = res.body()
    assert.containsSubset(listing, {
      truckId: truck.id,
      truck: {
        id: truck.id,
        make: truck.make,
        model: truck.model,
        year: truck.year,
        licensePlate: truck.licensePlate,
        capacity: 12,
        truckType: 'dry_van',
      },
      pickupAddress: 'Chicago, IL',
      pickupRadius: 50,
      deliveryAddress: '48201',
      deliveryRadius: 40,
      originAddress: 'Chicago, IL',
      originCity: 'Chicago',
      originState: 'IL',
      destinationAddress: 'Detroit, MI 48201',
      destinationCity: 'Detroit',
      destinationState: 'MI',
      ratePerMilePerPallet: 2.75,
      maxPallets: 8,
      bookedPallets: 0,
      availablePallets: 8,
      availableDate: '2026-12-01',
      status: 'active',
    })
    assert.closeTo(listing.pickupLatitude, 41.88, 0.1)
    assert.closeTo(listing.pickupLongitude, -87.65, 0.1)
    assert.closeTo(listing.deliveryLatitude, 42.35, 0.05)
    assert.closeTo(listing.deliveryLongitude, -83.06, 0.05)
    const stored = await Listing.findOrFail(listing.id)
    assert.equal(stored.carrierId, (await carrierOf(carrier)).id)
    assert.equal(stored.availableDate?.toISODate(), '2026-12-01')
  })

  test('a street address is placed by its ZIP; radii default to 100 and 80', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier)
    const res = await client
      .post('/api/listings')
      .json(
        body(truck.id, {
          pickupAddress: '100 W Randolph St, Chicago, IL 60601',
          deliveryAddress: 'Milwaukee, Wisconsin',
          pickupRadius: undefined,
          deliveryRadius: null,
          availableDate: '2026-12-03T00:00:00.000Z',
        })
      )
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(201)
    assert.containsSubset(res.body(), {
      pickupRadius: 100,
      deliveryRadius: 80,
      originAddress: 'Chicago, IL 60601',
      destinationCity: 'Milwaukee',
      destinationState: 'WI',
      availableDate: '2026-12-03',
    })
  })

  test('each field has its message from the listing form', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const empty = await client.post('/api/listings').json({}).loginAs(carrier).withCsrfToken()
    empty.assertStatus(422)
    assert.sameDeepMembers(
      empty.body().errors.map((e: any) => [e.field, e.message]),
      [
        ['truckId', 'Please select a truck'],
        ['pickupAddress', 'Pickup address is required'],
        ['deliveryAddress', 'Delivery address is required'],
        ['ratePerMilePerPallet', 'Rate must be greater than 0'],
        ['maxPallets', 'Must allow at least 1 pallet'],
        ['availableDate', 'Available date is required'],
      ]
    )

    const truck = await makeTruck(carrier)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ truckId: 'x' }, 'truckId', 'Please select a truck'],
      [{ pickupAddress: '   ' }, 'pickupAddress', 'Pickup address is required'],
      [{ deliveryAddress: '' }, 'deliveryAddress', 'Delivery address is required'],
      [{ pickupRadius: 0 }, 'pickupRadius', 'Pickup radius must be at least 1 mile'],
      [{ pickupRadius: -5 }, 'pickupRadius', 'Pickup radius must be at least 1 mile'],
      [{ pickupRadius: 501 }, 'pickupRadius', 'Pickup radius cannot exceed 500 miles'],
      [{ deliveryRadius: 0 }, 'deliveryRadius', 'Delivery radius must be at least 1 mile'],
      [{ deliveryRadius: 900 }, 'deliveryRadius', 'Delivery radius cannot exceed 500 miles'],
      [{ ratePerMilePerPallet: 0 }, 'ratePerMilePerPallet', 'Rate must be greater than 0'],
      [{ ratePerMilePerPallet: -1 }, 'ratePerMilePerPallet', 'Rate must be greater than 0'],
      [{ ratePerMilePerPallet: 2.555 }, 'ratePerMilePerPallet', 'Rate can have at most 2 decimals'],
      [{ maxPallets: 0 }, 'maxPallets', 'Must allow at least 1 pallet'],
      [{ maxPallets: 2.5 }, 'maxPallets', 'Max pallets must be a whole number'],
      [{ availableDate: '' }, 'availableDate', 'Available date is required'],
      [
        { availableDate: '2026-02-30' },
        'availableDate',
        'Available date must be a date (YYYY-MM-DD)',
      ],
      [
        { availableDate: 'next week' },
        'availableDate',
        'Available date must be a date (YYYY-MM-DD)',
      ],
    ]
    for (const [override, field, message] of cases) {
      const res = await client
        .post('/api/listings')
        .json(body(truck.id, override))
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: any) => [e.field, e.message]),
        [[field, message]],
        JSON.stringify(override)
      )
    }
    assert.equal(await listingCount(), 0)
  })

  test('the truck must be one of the carrier’s own', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const theirs = await makeTruck(other)
    for (const truckId of [theirs.id, 999999]) {
      const res = await client
        .post('/api/listings')
        .json(body(truckId))
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [
        { field: 'truckId', message: 'Please select a truck', rule: 'exists' },
      ])
    }
    assert.equal(await listingCount(), 0)
  })

  test('max pallets cannot exceed the truck’s capacity', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier, { capacity: 6 })
    const res = await client
      .post('/api/listings')
      .json(body(truck.id, { maxPallets: 7 }))
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      {
        field: 'maxPallets',
        message: "Max pallets cannot exceed the truck's capacity of 6 pallets",
        rule: 'max',
      },
    ])
    const full = await client
      .post('/api/listings')
      .json(body(truck.id, { maxPallets: 6 }))
      .loginAs(carrier)
      .withCsrfToken()
    full.assertStatus(201)
  })

  test('an address the geocoder cannot place is a 422 on its field', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier)
    const res = await client
      .post('/api/listings')
      .json(body(truck.id, { pickupAddress: 'Nowhereville, IL', deliveryAddress: '00000' }))
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      {
        field: 'pickupAddress',
        message: 'City "Nowhereville, IL" was not found',
        rule: 'geocode',
      },
      { field: 'deliveryAddress', message: 'ZIP code 00000 was not found', rule: 'geocode' },
    ])
    const mismatch = await client
      .post('/api/listings')
      .json(body(truck.id, { deliveryAddress: '1 Main St, Detroit, MI 60601' }))
      .loginAs(carrier)
      .withCsrfToken()
    mismatch.assertStatus(422)
    assert.deepEqual(mismatch.body().errors, [
      { field: 'deliveryAddress', message: 'ZIP code 60601 is in IL, not MI', rule: 'geocode' },
    ])
    const vague = await client
      .post('/api/listings')
      .json(body(truck.id, { pickupAddress: 'somewhere near the lake' }))
      .loginAs(carrier)
      .withCsrfToken()
    vague.assertStatus(422)
    assert.equal(vague.body().errors[0].field, 'pickupAddress')
    assert.match(vague.body().errors[0].message, /is not an address we can place/)
    assert.equal(await listingCount(), 0)
  })
})

test.group('Listings: GET /api/carrier/me/listings', (group) => {
  eachTestInTransaction(group)

  test('the carrier’s listings newest first, with pallets booked', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const truck = await makeTruck(carrier, { capacity: 20 })
    const old = await makeListing(carrier, { truck, maxPallets: 10, status: 'expired' })
    old.createdAt = DateTime.now().minus({ days: 3 })
    await old.save()
    const current = await makeListing(carrier, { truck, maxPallets: 12 })
    await makeListing(other)
    await makeBooking(shipper, current, { pallets: 3, status: 'booked' })
    await makeBooking(shipper, current, { pallets: 4, status: 'in_transit' })
    await makeBooking(shipper, current, { pallets: 5, status: 'cancelled' })

    const res = await client.get('/api/carrier/me/listings').loginAs(carrier)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((l: any) => [l.id, l.bookedPallets, l.availablePallets]),
      [
        [current.id, 7, 5],
        [old.id, 0, 10],
      ]
    )
    assert.equal(res.body()[0].truck.licensePlate, truck.licensePlate)
  })

  test('filters by status; an empty filter means all; an unknown one is a 422', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const active = await makeListing(carrier)
    const booked = await makeListing(carrier, { status: 'booked' })
    const expired = await makeListing(carrier, { status: 'expired' })
    for (const [status, id] of [
      ['active', active.id],
      ['booked', booked.id],
      ['expired', expired.id],
    ] as const) {
      const res = await client.get('/api/carrier/me/listings').qs({ status }).loginAs(carrier)
      res.assertStatus(200)
      assert.deepEqual(
        res.body().map((l: any) => l.id),
        [id]
      )
    }
    const all = await client.get('/api/carrier/me/listings?status=').loginAs(carrier)
    assert.lengthOf(all.body(), 3)
    const bad = await client.get('/api/carrier/me/listings').qs({ status: 'sold' }).loginAs(carrier)
    bad.assertStatus(422)
    assert.equal(bad.body().message, 'Status must be active, booked or expired')
  })

  test('a listing whose truck was deleted shows truck null', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier)
    await makeListing(carrier, { truck, status: 'expired' })
    await truck.delete()
    const res = await client.get('/api/carrier/me/listings').loginAs(carrier)
    assert.isNull(res.body()[0].truck)
    assert.isNull(res.body()[0].truckId)
  })
})

test.group('Listings: PUT /api/listings/:id/status', (group) => {
  eachTestInTransaction(group)

  test('archive and reactivate', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const archived = await client
      .put(`/api/listings/${listing.id}/status`)
      .json({ status: 'expired' })
      .loginAs(carrier)
      .withCsrfToken()
    archived.assertStatus(200)
    assert.equal(archived.body().status, 'expired')
    assert.equal(archived.body().id, listing.id)
    const reactivated = await client
      .put(`/api/listings/${listing.id}/status`)
      .json({ status: 'active' })
      .loginAs(carrier)
      .withCsrfToken()
    reactivated.assertStatus(200)
    assert.equal(reactivated.body().status, 'active')
    await listing.refresh()
    assert.equal(listing.status, 'active')
  })

  test('only active or expired may be asked for', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    for (const payload of [{ status: 'booked' }, { status: 'deleted' }, {}]) {
      const res = await client
        .put(`/api/listings/${listing.id}/status`)
        .json(payload)
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [
        {
          field: 'status',
          message: 'Status must be active or expired',
          rule: res.body().errors[0].rule,
        },
      ])
    }
    await listing.refresh()
    assert.equal(listing.status, 'active')
  })

  test('a booked listing cannot be changed; the same status is a conflict', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const booked = await makeListing(carrier, { status: 'booked' })
    for (const status of ['active', 'expired']) {
      const res = await client
        .put(`/api/listings/${booked.id}/status`)
        .json({ status })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message: 'A booked listing cannot be changed' })
    }
    const active = await makeListing(carrier)
    const again = await client
      .put(`/api/listings/${active.id}/status`)
      .json({ status: 'active' })
      .loginAs(carrier)
      .withCsrfToken()
    again.assertStatus(409)
    assert.deepEqual(again.body(), { message: 'The listing is already active' })
    const expired = await makeListing(carrier, { status: 'expired' })
    const twice = await client
      .put(`/api/listings/${expired.id}/status`)
      .json({ status: 'expired' })
      .loginAs(carrier)
      .withCsrfToken()
    twice.assertStatus(409)
    assert.deepEqual(twice.body(), { message: 'The listing is already expired' })
  })

  test('a listing with every pallet booked cannot be reactivated', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier, { maxPallets: 4, status: 'expired' })
    await makeBooking(shipper, listing, { pallets: 4 })
    const res = await client
      .put(`/api/listings/${listing.id}/status`)
      .json({ status: 'active' })
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, 'This listing has no pallets left to offer')
  })

  test('another carrier’s listing, or none, is a 404', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const theirs = await makeListing(other)
    for (const id of [theirs.id, 999999]) {
      const res = await client
        .put(`/api/listings/${id}/status`)
        .json({ status: 'expired' })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: 'Listing not found' })
    }
    await theirs.refresh()
    assert.equal(theirs.status, 'active')
  })
})

test.group('Listings: who may use them', (group) => {
  eachTestInTransaction(group)

  test('shippers, admins and unapproved carriers are refused; signed out is a 401', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(owner)
    const calls = [
      () => client.get('/api/carrier/me/listings'),
      () => client.post('/api/listings').json(body(listing.truckId!)),
      () => client.put(`/api/listings/${listing.id}/status`).json({ status: 'expired' }),
    ]
    for (const user of [
      await makeUser('shipper'),
      await makeUser('admin'),
      await makeUser('carrier', { isApproved: false }),
    ]) {
      for (const call of calls) {
        const res = await call().loginAs(user).withCsrfToken()
        res.assertStatus(403)
      }
    }
    for (const call of calls) {
      const res = await call().withCsrfToken()
      res.assertStatus(401)
    }
    await listing.refresh()
    assert.equal(listing.status, 'active')
    assert.equal(await listingCount(), 1)
  })
})
