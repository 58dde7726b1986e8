import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import Carrier from '#fleet/models/carrier'
import { Clock, FixedClock } from '#core/clock'
import { greatCircleMiles, roadMiles } from '#core/geo'
import { makeUser, businessDayFromToday, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'
import { MAX_SEARCH_PAGE_SIZE } from '#marketplace/services/search_service'
import RatingSummaryService from '#reviews/services/rating_summary_service'

const day = businessDayFromToday

async function place(address: string) {
  const result = await geocoding.geocode(address)
  if (!result.ok) throw new Error(result.message)
  return result.place
}

const searchBody = (overrides: Record<string, unknown> = {}) => ({
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: 4,
  pickupDate: day(2),
  ...overrides,
})

/** Every key of a JSON value, at any depth. */
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

test.group('POST /api/listings/search', (group) => {
  eachTestInTransaction(group)

  test('finds a matching listing, priced by the server, anonymous', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser, { truckType: 'refrigerated', capacity: 20 })
    const listing = await makeListing(carrierUser, { truck, rate: 2.5, maxPallets: 12 })

    const res = await client
      .post('/api/listings/search')
      .json(searchBody())
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    const results = res.body()
    assert.lengthOf(results, 1)
    const [result] = results

    const chicago = await place('Chicago, IL')
    const detroit = await place('Detroit, MI')
    const distance = roadMiles(chicago, detroit)
    // 4 pallets × distance × 250¢, rounded to the cent; then × 1.09.
    const lineHaulCents = Math.round(4 * distance * 250)
    const totalCents = Math.round(lineHaulCents * 1.09)
    assert.equal(result.distance_miles, distance)
    assert.deepEqual(result.priceBreakdown, {
      lineHaul: lineHaulCents / 100,
      platformFee: (totalCents - lineHaulCents) / 100,
      total: totalCents / 100,
    })
    assert.equal(result.estimated_price, totalCents / 100)

    const carrier = await carrierOf(carrierUser)
    assert.match(result.carrierName, /^Verified carrier #\d{4}$/)
    assert.containsSubset(result, {
      id: listing.id,
      listingId: listing.id,
      carrier_name: result.carrierName,
      carrierLabel: result.carrierName,
      equipmentType: 'refrigerated',
      ratePerMilePerPallet: 2.5,
      available_capacity: 12,
      maxPallets: 12,
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI 48201',
      pickupCity: 'Chicago',
      pickupState: 'IL',
      deliveryCity: 'Detroit',
      deliveryState: 'MI',
      availableDate: listing.availableDate!.toISODate(),
      pickupDeadheadMiles: roadMiles(
        { latitude: listing.pickupLatitude!, longitude: listing.pickupLongitude! },
        chicago
      ),
    })
    assert.deepEqual(result.carrierProfile, {
      label: result.carrierName,
      verified: true,
      memberSince: carrier.createdAt.toUTC().toFormat('yyyy-MM'),
      completedLoads: 0,
      onTimeRate: null,
      rating: { average: null, count: 0 },
      claimsRatio: null,
      equipmentTypes: ['refrigerated'],
    })
  })

  test('nothing in a result identifies the carrier', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    await makeListing(carrierUser)
    const carrier = await carrierOf(carrierUser)
    const res = await client
      .post('/api/listings/search')
      .json(searchBody())
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.lengthOf(res.body(), 1)
    const text = JSON.stringify(res.body())
    for (const secret of [
      carrier.companyName,
      carrierUser.email,
      carrierUser.phone!,
      carrier.dotNumber!,
      carrier.mcNumber!,
      carrier.businessAddress!,
    ]) {
      assert.notInclude(text, secret)
    }
    const keys = keysOf(res.body())
    for (const key of [
      'carrierId',
      'carrier_id',
      'userId',
      'user_id',
      'companyName',
      'email',
      'phone',
      'dotNumber',
      'mcNumber',
      'truckId',
    ]) {
      assert.isFalse(keys.has(key), `result has a ${key}`)
    }
  })

  test('pickup and delivery must lie inside each radius', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const milwaukee = await place('Milwaukee, WI')
    const annArbor = await place('Ann Arbor, MI')
    // Listings run Chicago → Detroit; the shipment goes Milwaukee → Ann Arbor.
    const probe = await makeListing(carrierUser)
    const pickupMiles = greatCircleMiles(
      { latitude: probe.pickupLatitude!, longitude: probe.pickupLongitude! },
      milwaukee
    )
    const deliveryMiles = greatCircleMiles(
      { latitude: probe.deliveryLatitude!, longitude: probe.deliveryLongitude! },
      annArbor
    )
    await probe.delete()
    const both = await makeListing(carrierUser, {
      pickupRadius: Math.ceil(pickupMiles),
      deliveryRadius: Math.ceil(deliveryMiles),
    })
    const pickupTooSmall = await makeListing(carrierUser, {
      pickupRadius: Math.floor(pickupMiles),
      deliveryRadius: Math.ceil(deliveryMiles),
    })
    const deliveryTooSmall = await makeListing(carrierUser, {
      pickupRadius: Math.ceil(pickupMiles),
      deliveryRadius: Math.floor(deliveryMiles),
    })
    const res = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupAddress: 'Milwaukee, WI', deliveryAddress: 'Ann Arbor, MI' }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    const ids = res.body().map((r: { id: number }) => r.id)
    assert.deepEqual(ids, [both.id])
    assert.notInclude(ids, pickupTooSmall.id)
    assert.notInclude(ids, deliveryTooSmall.id)
  })

  test('a listing far away on either end never matches', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    await makeListing(carrierUser, {
      from: 'dallas',
      to: 'houston',
      pickupRadius: 500,
      deliveryRadius: 500,
    })
    await makeListing(carrierUser, {
      from: 'chicago',
      to: 'houston',
      pickupRadius: 500,
      deliveryRadius: 100,
    })
    const res = await client
      .post('/api/listings/search')
      .json(searchBody())
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.deepEqual(res.body(), [])
  })

  test('remaining capacity counts non-cancelled bookings', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser, { maxPallets: 10 })
    await makeBooking(shipper, listing, { pallets: 5 })
    await makeBooking(shipper, listing, { pallets: 2, status: 'pending', paymentStatus: 'pending' })
    await makeBooking(shipper, listing, { pallets: 6, status: 'cancelled' })
    const search = (pallets: number) =>
      client
        .post('/api/listings/search')
        .json(searchBody({ numberOfPallets: pallets }))
        .loginAs(shipper)
        .withCsrfToken()
    const three = await search(3)
    three.assertStatus(200)
    assert.lengthOf(three.body(), 1)
    assert.equal(three.body()[0].available_capacity, 3)
    const four = await search(4)
    assert.deepEqual(four.body(), [])
    // Larger than the listing itself
    const bigger = await makeListing(carrierUser, {
      maxPallets: 8,
      truck: await makeTruck(carrierUser, { capacity: 8 }),
    })
    const nine = await search(9)
    assert.deepEqual(nine.body(), [])
    const eight = await search(8)
    assert.deepEqual(
      eight.body().map((r: { id: number }) => r.id),
      [bigger.id]
    )
  })

  test('the listing must be available on the pickup date', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const later = await makeListing(carrierUser, {
      availableDate: DateTime.fromISO(day(5)),
    })
    const before = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupDate: day(4) }))
      .loginAs(shipper)
      .withCsrfToken()
    assert.deepEqual(before.body(), [])
    const onTheDay = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupDate: day(5) }))
      .loginAs(shipper)
      .withCsrfToken()
    assert.deepEqual(
      onTheDay.body().map((r: { id: number }) => r.id),
      [later.id]
    )
    const after = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupDate: day(9) }))
      .loginAs(shipper)
      .withCsrfToken()
    assert.lengthOf(after.body(), 1)
  })

  test('inactive listings and unapproved carriers are never offered', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const approved = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const rejected = await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' })
    const active = await makeListing(approved)
    await makeListing(approved, { status: 'booked' })
    await makeListing(approved, { status: 'expired' })
    await makeListing(pending)
    await makeListing(rejected)
    const res = await client
      .post('/api/listings/search')
      .json(searchBody())
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((r: { id: number }) => r.id),
      [active.id]
    )
  })

  test('results come cheapest first, the label differs per carrier', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const one = await makeUser('carrier', { isApproved: true })
    const two = await makeUser('carrier', { isApproved: true })
    const mid = await makeListing(one, { rate: 2.5 })
    const dear = await makeListing(two, { rate: 3.1 })
    const cheap = await makeListing(two, { rate: 1.85 })
    const res = await client
      .post('/api/listings/search')
      .json(searchBody())
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    const body = res.body()
    assert.deepEqual(
      body.map((r: { id: number }) => r.id),
      [cheap.id, mid.id, dear.id]
    )
    const prices = body.map((r: { estimated_price: number }) => r.estimated_price)
    assert.deepEqual(
      [...prices].sort((a, b) => a - b),
      prices
    )
    assert.equal(body[0].carrierName, body[2].carrierName)
    assert.notEqual(body[0].carrierName, body[1].carrierName)
  })

  test(`at most ${MAX_SEARCH_PAGE_SIZE} offers a page, the cheapest`, async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser)
    const listings = []
    for (let i = 0; i < MAX_SEARCH_PAGE_SIZE + 3; i++) {
      listings.push(await makeListing(carrierUser, { truck, rate: 1 + i / 100 }))
    }
    const res = await client
      .post('/api/listings/search')
      .json(searchBody({ perPage: MAX_SEARCH_PAGE_SIZE }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.lengthOf(res.body(), MAX_SEARCH_PAGE_SIZE)
    assert.deepEqual(
      res.body().map((r: { id: number }) => r.id),
      listings.slice(0, MAX_SEARCH_PAGE_SIZE).map((l) => l.id)
    )
    assert.equal(res.header('x-total-count'), String(MAX_SEARCH_PAGE_SIZE + 3))
    assert.equal(res.header('x-next-page'), '2')
  })

  test('the database prefilter never drops a listing the exact check would keep', async ({
    client,
    assert,
  }) => {
    // Listings scattered around the Great Lakes with every radius from 1 to 500 miles; the
    // search must return exactly what checking every listing one by one returns.
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser, { capacity: 26 })
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    const listings = []
    for (let i = 0; i < 200; i++) {
      const listing = await makeListing(carrierUser, { truck, maxPallets: 26 })
      listing.merge({
        pickupLatitude: 36 + random() * 12,
        pickupLongitude: -95 + random() * 20,
        pickupRadius: 1 + Math.floor(random() * 500),
        deliveryLatitude: 36 + random() * 12,
        deliveryLongitude: -95 + random() * 20,
        deliveryRadius: 1 + Math.floor(random() * 500),
      })
      await listing.save()
      listings.push(listing)
    }
    let matched = 0
    for (const [from, to] of [
      ['Chicago, IL', 'Detroit, MI'],
      ['Milwaukee, WI', 'Columbus, OH'],
      ['St. Louis, MO', 'Buffalo, NY'],
      ['Minneapolis, MN', 'Nashville, TN'],
      ['Duluth, MN', 'Memphis, TN'],
    ]) {
      const pickup = await place(from)
      const delivery = await place(to)
      const expected = listings
        .filter(
          (l) =>
            greatCircleMiles(
              { latitude: l.pickupLatitude!, longitude: l.pickupLongitude! },
              pickup
            ) <= l.pickupRadius &&
            greatCircleMiles(
              { latitude: l.deliveryLatitude!, longitude: l.deliveryLongitude! },
              delivery
            ) <= l.deliveryRadius
        )
        .map((l) => l.id)
      const res = await client
        .post('/api/listings/search')
        .json(searchBody({ pickupAddress: from, deliveryAddress: to, perPage: 100 }))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(200)
      assert.equal(res.header('x-total-count'), String(expected.length))
      assert.sameMembers(
        res.body().map((r: { id: number }) => r.id),
        expected,
        `${from} → ${to}`
      )
      matched += expected.length
    }
    assert.isAbove(matched, 20, 'the check must compare real matches')
  })

  test('each field is validated with the spec messages', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ pickupAddress: undefined }, 'pickupAddress', 'Pickup address is required'],
      [{ pickupAddress: '   ' }, 'pickupAddress', 'Pickup address is required'],
      [{ deliveryAddress: undefined }, 'deliveryAddress', 'Delivery address is required'],
      [{ deliveryAddress: '' }, 'deliveryAddress', 'Delivery address is required'],
      [
        { numberOfPallets: undefined },
        'numberOfPallets',
        'Number of pallets must be between 1 and 100',
      ],
      [{ numberOfPallets: 0 }, 'numberOfPallets', 'Number of pallets must be between 1 and 100'],
      [{ numberOfPallets: 101 }, 'numberOfPallets', 'Number of pallets must be between 1 and 100'],
      [{ numberOfPallets: 2.5 }, 'numberOfPallets', 'Number of pallets must be between 1 and 100'],
      [
        { numberOfPallets: 'many' },
        'numberOfPallets',
        'Number of pallets must be between 1 and 100',
      ],
      [{ pickupDate: day(-1) }, 'pickupDate', 'Pickup date cannot be in the past'],
      [{ pickupDate: undefined }, 'pickupDate', 'Pickup date is required'],
      [{ pickupDate: 'next week' }, 'pickupDate', 'Pickup date must be a date (YYYY-MM-DD)'],
    ]
    for (const [overrides, field, message] of cases) {
      const res = await client
        .post('/api/listings/search')
        .json(searchBody(overrides))
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
    const all = await client.post('/api/listings/search').json({}).loginAs(shipper).withCsrfToken()
    all.assertStatus(422)
    assert.sameMembers(
      all.body().errors.map((e: { field: string }) => e.field),
      ['pickupAddress', 'deliveryAddress', 'numberOfPallets', 'pickupDate']
    )
  })

  test('today and an ISO date-time are accepted', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const today = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupDate: day(0) }))
      .loginAs(shipper)
      .withCsrfToken()
    today.assertStatus(200)
    const iso = DateTime.fromISO(day(1), { zone: 'America/Los_Angeles' }).toUTC().toISO()
    const picker = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupDate: iso }))
      .loginAs(shipper)
      .withCsrfToken()
    picker.assertStatus(200)
  })

  test('"today" is the date in New York', async ({ client }) => {
    const shipper = await makeUser('shipper')
    // 03:00 UTC on 1 December 2030 is 22:00 on 30 November in New York.
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2030-12-01T03:00:00Z')))
    try {
      const ny = await client
        .post('/api/listings/search')
        .json(searchBody({ pickupDate: '2030-11-30' }))
        .loginAs(shipper)
        .withCsrfToken()
      ny.assertStatus(200)
      const past = await client
        .post('/api/listings/search')
        .json(searchBody({ pickupDate: '2030-11-29' }))
        .loginAs(shipper)
        .withCsrfToken()
      past.assertStatus(422)
      past.assertBodyContains({
        errors: [{ field: 'pickupDate', message: 'Pickup date cannot be in the past' }],
      })
    } finally {
      app.container.restore(Clock)
    }
  })

  test('an address the geocoder cannot place is a 422 on its field', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/listings/search')
      .json(searchBody({ pickupAddress: 'Atlantis', deliveryAddress: '00000' }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    const pickup = await geocoding.geocode('Atlantis')
    const delivery = await geocoding.geocode('00000')
    assert.deepEqual(res.body().errors, [
      { field: 'pickupAddress', message: pickup.ok ? '' : pickup.message, rule: 'geocode' },
      { field: 'deliveryAddress', message: delivery.ok ? '' : delivery.message, rule: 'geocode' },
    ])
  })

  test('only shippers search', async ({ client }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const admin = await makeUser('admin')
    for (const user of [carrierUser, admin]) {
      const res = await client
        .post('/api/listings/search')
        .json(searchBody())
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const anonymous = await client.post('/api/listings/search').json(searchBody()).withCsrfToken()
    anonymous.assertStatus(401)
  })
})

test.group('GET /api/listings/:id/carrier-profile', (group) => {
  eachTestInTransaction(group)

  test('the anonymous profile with fleet, lanes and delivery record', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const van = await makeTruck(carrierUser, { truckType: 'dry_van' })
    await makeTruck(carrierUser, { truckType: 'flatbed' })
    await makeTruck(carrierUser, { truckType: 'dry_van' })
    const listing = await makeListing(carrierUser, { truck: van })
    await makeListing(carrierUser, { truck: van, from: 'dallas', to: 'houston' })
    await makeListing(carrierUser, { truck: van, from: 'dallas', to: 'houston' })
    await makeListing(carrierUser, {
      truck: van,
      from: 'milwaukee',
      to: 'indianapolis',
      status: 'expired',
    })
    const due = DateTime.fromISO('2026-03-10')
    // Delivered on the due day (New York), the day before, and a day late; one still on the road.
    await makeBooking(shipper, listing, {
      status: 'delivered',
      deliveryDate: due,
      deliveredAt: DateTime.fromISO('2026-03-10T23:00:00', { zone: 'America/New_York' }),
    })
    await makeBooking(shipper, listing, {
      status: 'delivered',
      deliveryDate: due,
      deliveredAt: DateTime.fromISO('2026-03-09T12:00:00Z'),
    })
    await makeBooking(shipper, listing, {
      status: 'delivered',
      deliveryDate: due,
      deliveredAt: DateTime.fromISO('2026-03-11T15:00:00Z'),
    })
    await makeBooking(shipper, listing, { status: 'in_transit' })
    // Bookings written straight to the table: rewrite the carrier's record as a delivery would.
    const summaries = await app.container.make(RatingSummaryService)
    await summaries.rewriteDeliveries(listing.carrierId)

    const res = await client.get(`/api/listings/${listing.id}/carrier-profile`).loginAs(shipper)
    res.assertStatus(200)
    const carrier = await Carrier.findByOrFail('userId', carrierUser.id)
    const body = res.body()
    assert.match(body.label, /^Verified carrier #\d{4}$/)
    assert.deepEqual(body, {
      label: body.label,
      verified: true,
      memberSince: carrier.createdAt.toUTC().toFormat('yyyy-MM'),
      completedLoads: 3,
      onTimeRate: 0.667,
      rating: { average: null, count: 0 },
      claimsRatio: 0,
      equipmentTypes: ['dry_van', 'flatbed'],
      trucks: 3,
      lanes: [
        { pickupCity: 'Chicago', pickupState: 'IL', deliveryCity: 'Detroit', deliveryState: 'MI' },
        { pickupCity: 'Dallas', pickupState: 'TX', deliveryCity: 'Houston', deliveryState: 'TX' },
      ],
    })
    const text = JSON.stringify(body)
    for (const secret of [
      carrier.companyName,
      carrierUser.email,
      carrier.dotNumber!,
      carrier.mcNumber!,
    ]) {
      assert.notInclude(text, secret)
    }
    // The search result shows the same label (8 of its 10 pallets are taken: search for 2).
    const search = await client
      .post('/api/listings/search')
      .json(searchBody({ numberOfPallets: 2 }))
      .loginAs(shipper)
      .withCsrfToken()
    assert.equal(search.body()[0].carrierProfile.label, body.label)
    assert.equal(search.body()[0].carrierProfile.onTimeRate, 0.667)
  })

  test('unknown, inactive or unapproved listings are 404', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const approved = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const expired = await makeListing(approved, { status: 'expired' })
    const booked = await makeListing(approved, { status: 'booked' })
    const unapproved = await makeListing(pending)
    for (const id of [expired.id, booked.id, unapproved.id, 999999]) {
      const res = await client.get(`/api/listings/${id}/carrier-profile`).loginAs(shipper)
      res.assertStatus(404)
    }
    const notANumber = await client.get('/api/listings/abc/carrier-profile').loginAs(shipper)
    notANumber.assertStatus(404)
  })

  test('only shippers read it', async ({ client }) => {
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const admin = await makeUser('admin')
    for (const user of [carrierUser, admin]) {
      const res = await client.get(`/api/listings/${listing.id}/carrier-profile`).loginAs(user)
      res.assertStatus(403)
    }
    const anonymous = await client.get(`/api/listings/${listing.id}/carrier-profile`)
    anonymous.assertStatus(401)
  })
})
