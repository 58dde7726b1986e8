import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'
import { businessDayFromToday, makeUser, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'

const REQUIRED = 'Please fill in all required fields.'
const IN_USE = 'This truck is used by active listings or open bookings and cannot be deleted'

const valid = () => ({
  make: 'Freightliner',
  model: 'Cascadia',
  year: 2022,
  licensePlate: 'IL P482731',
  capacity: 26,
  truckType: 'dry_van',
})

test.group('Trucks: GET and POST /api/trucks', (group) => {
  eachTestInTransaction(group)

  test('lists only the carrier’s own trucks, newest first', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const older = await makeTruck(carrier, {
      licensePlate: 'OLD-1',
      createdAt: DateTime.now().minus({ days: 2 }),
    })
    const newer = await makeTruck(carrier, { licensePlate: 'NEW-1' })
    await makeTruck(other, { licensePlate: 'OTHER-1' })

    const res = await client.get('/api/trucks').loginAs(carrier)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((t: any) => t.id),
      [newer.id, older.id]
    )
    assert.deepEqual(Object.keys(res.body()[0]).sort(), [
      'capacity',
      'createdAt',
      'currentLocation',
      'id',
      'licensePlate',
      'make',
      'model',
      'status',
      'truckType',
      'updatedAt',
      'year',
    ])
  })

  test('adds a truck: available, plate normalised, type defaults to dry van', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client
      .post('/api/trucks')
      .json({ ...valid(), licensePlate: ' il  p482731 ', truckType: undefined, status: 'in_use' })
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(201)
    assert.containsSubset(res.body(), {
      make: 'Freightliner',
      model: 'Cascadia',
      year: 2022,
      licensePlate: 'IL P482731',
      capacity: 26,
      truckType: 'dry_van',
      status: 'available',
      currentLocation: null,
    })
    const stored = await Truck.findOrFail(res.body().id)
    assert.equal(stored.carrierId, (await carrierOf(carrier)).id)
  })

  test('year and capacity arrive as numbers or numeric strings', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client
      .post('/api/trucks')
      .json({ ...valid(), year: '2020', capacity: '12', truckType: 'refrigerated' })
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(res.body().year, 2020)
    assert.equal(res.body().capacity, 12)
    assert.equal(res.body().truckType, 'refrigerated')
  })

  test('every missing or blank required field is reported with the one message', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const empty = await client.post('/api/trucks').json({}).loginAs(carrier).withCsrfToken()
    empty.assertStatus(422)
    assert.equal(empty.body().message, REQUIRED)
    assert.sameDeepMembers(empty.body().errors, [
      { field: 'make', message: REQUIRED, rule: 'required' },
      { field: 'model', message: REQUIRED, rule: 'required' },
      { field: 'year', message: REQUIRED, rule: 'required' },
      { field: 'licensePlate', message: REQUIRED, rule: 'required' },
      { field: 'capacity', message: REQUIRED, rule: 'required' },
    ])

    const blank = await client
      .post('/api/trucks')
      .json({ ...valid(), make: '   ', model: '', capacity: '' })
      .loginAs(carrier)
      .withCsrfToken()
    blank.assertStatus(422)
    assert.sameDeepMembers(blank.body().errors, [
      { field: 'make', message: REQUIRED, rule: 'required' },
      { field: 'model', message: REQUIRED, rule: 'required' },
      { field: 'capacity', message: REQUIRED, rule: 'required' },
    ])
    assert.equal(
      await Truck.query()
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      0
    )
  })

  test('year must be between 1980 and next year', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const maxYear = Number(businessDayFromToday(0).slice(0, 4)) + 1
    const message = `Year must be between 1980 and ${maxYear}`
    for (const year of [1979, maxYear + 1, 2020.5, 'old']) {
      const res = await client
        .post('/api/trucks')
        .json({ ...valid(), year })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [
        { field: 'year', message, rule: res.body().errors[0].rule },
      ])
    }
    for (const year of [1980, maxYear]) {
      const res = await client
        .post('/api/trucks')
        .json({ ...valid(), year, licensePlate: `Y-${year}` })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(201)
    }
  })

  test('the year limit follows the clock', async ({ client, assert, cleanup }) => {
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2031-03-01T12:00:00Z')))
    cleanup(() => app.container.restore(Clock))
    const carrier = await makeUser('carrier', { isApproved: true })
    const ok = await client
      .post('/api/trucks')
      .json({ ...valid(), year: 2032 })
      .loginAs(carrier)
      .withCsrfToken()
    ok.assertStatus(201)
    const late = await client
      .post('/api/trucks')
      .json({ ...valid(), year: 2033, licensePlate: 'OTHER' })
      .loginAs(carrier)
      .withCsrfToken()
    late.assertStatus(422)
    assert.equal(late.body().message, 'Year must be between 1980 and 2032')
  })

  test('capacity must be 1 to 60 pallets', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    for (const capacity of [0, 61, 12.5, 'lots']) {
      const res = await client
        .post('/api/trucks')
        .json({ ...valid(), capacity })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'capacity')
      assert.equal(res.body().errors[0].message, 'Capacity must be between 1 and 60 pallets')
    }
    for (const capacity of [1, 60]) {
      const res = await client
        .post('/api/trucks')
        .json({ ...valid(), capacity, licensePlate: `C-${capacity}` })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(201)
    }
  })

  test('truck type and status must be known values', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const type = await client
      .post('/api/trucks')
      .json({ ...valid(), truckType: 'tanker' })
      .loginAs(carrier)
      .withCsrfToken()
    type.assertStatus(422)
    assert.deepEqual(type.body().errors, [
      {
        field: 'truckType',
        message: 'Truck type must be dry_van, flatbed, refrigerated or box_truck',
        rule: 'enum',
      },
    ])
    const status = await client
      .post('/api/trucks')
      .json({ ...valid(), status: 'parked' })
      .loginAs(carrier)
      .withCsrfToken()
    status.assertStatus(422)
    assert.equal(status.body().message, 'Status must be available, in_use or maintenance')
  })

  test('a license plate is unique per carrier, ignoring case and spacing', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    await client.post('/api/trucks').json(valid()).loginAs(carrier).withCsrfToken()
    const dup = await client
      .post('/api/trucks')
      .json({ ...valid(), licensePlate: 'il  p482731' })
      .loginAs(carrier)
      .withCsrfToken()
    dup.assertStatus(422)
    assert.deepEqual(dup.body(), {
      message: 'You already have a truck with this license plate',
      errors: [
        {
          field: 'licensePlate',
          message: 'You already have a truck with this license plate',
          rule: 'unique',
        },
      ],
    })
    const elsewhere = await client.post('/api/trucks').json(valid()).loginAs(other).withCsrfToken()
    elsewhere.assertStatus(201)
  })
})

test.group('Trucks: PUT and DELETE /api/trucks/:id', (group) => {
  eachTestInTransaction(group)

  test('edits every field, status changes freely, type kept when omitted', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier, { truckType: 'flatbed' })
    for (const status of ['maintenance', 'in_use', 'available']) {
      const res = await client
        .put(`/api/trucks/${truck.id}`)
        .json({ ...valid(), truckType: undefined, status })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(200)
      assert.containsSubset(res.body(), {
        id: truck.id,
        make: 'Freightliner',
        model: 'Cascadia',
        licensePlate: 'IL P482731',
        capacity: 26,
        truckType: 'flatbed',
        status,
      })
    }
  })

  test('the same validation as on create', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier, { licensePlate: 'KEEP-1' })
    await makeTruck(carrier, { licensePlate: 'TAKEN-1' })
    const missing = await client
      .put(`/api/trucks/${truck.id}`)
      .json({ make: 'Volvo' })
      .loginAs(carrier)
      .withCsrfToken()
    missing.assertStatus(422)
    assert.equal(missing.body().message, REQUIRED)
    const dup = await client
      .put(`/api/trucks/${truck.id}`)
      .json({ ...valid(), licensePlate: 'taken-1' })
      .loginAs(carrier)
      .withCsrfToken()
    dup.assertStatus(422)
    assert.equal(dup.body().message, 'You already have a truck with this license plate')
    const same = await client
      .put(`/api/trucks/${truck.id}`)
      .json({ ...valid(), licensePlate: 'KEEP-1' })
      .loginAs(carrier)
      .withCsrfToken()
    same.assertStatus(200)
    await truck.refresh()
    assert.equal(truck.make, 'Freightliner')
  })

  test('another carrier’s truck, or none, is a 404 and stays untouched', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const theirs = await makeTruck(other, { make: 'Mack' })
    for (const req of [
      client.put(`/api/trucks/${theirs.id}`).json(valid()),
      client.delete(`/api/trucks/${theirs.id}`),
      client.put('/api/trucks/999999').json(valid()),
      client.delete('/api/trucks/999999'),
    ]) {
      const res = await req.loginAs(carrier).withCsrfToken()
      res.assertStatus(404)
      assert.equal(res.body().message, 'Truck not found')
    }
    await theirs.refresh()
    assert.equal(theirs.make, 'Mack')
  })

  test('deletes an unused truck', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrier)
    const res = await client.delete(`/api/trucks/${truck.id}`).loginAs(carrier).withCsrfToken()
    res.assertStatus(204)
    assert.isNull(await Truck.find(truck.id))
  })

  test('a truck behind an active or booked listing cannot be deleted', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    for (const status of ['active', 'booked'] as const) {
      const truck = await makeTruck(carrier)
      await makeListing(carrier, { truck, status })
      const res = await client.delete(`/api/trucks/${truck.id}`).loginAs(carrier).withCsrfToken()
      res.assertStatus(409)
      assert.deepEqual(res.body(), { message: IN_USE })
      assert.isNotNull(await Truck.find(truck.id))
    }
  })

  test('a truck carrying an open booking cannot be deleted', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    for (const status of ['pending', 'booked', 'confirmed', 'in_transit', 'delayed'] as const) {
      const truck = await makeTruck(carrier)
      const listing = await makeListing(carrier, { truck, status: 'expired' })
      await makeBooking(shipper, listing, { status })
      const res = await client.delete(`/api/trucks/${truck.id}`).loginAs(carrier).withCsrfToken()
      res.assertStatus(409)
      assert.equal(res.body().message, IN_USE)
    }
  })

  test('past listings and finished bookings do not hold a truck back', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const truck = await makeTruck(carrier)
    const listing = await makeListing(carrier, { truck, status: 'expired' })
    const delivered = await makeBooking(shipper, listing, { status: 'delivered' })
    await makeBooking(shipper, listing, { status: 'cancelled' })
    const res = await client.delete(`/api/trucks/${truck.id}`).loginAs(carrier).withCsrfToken()
    res.assertStatus(204)
    await listing.refresh()
    assert.isNull(listing.truckId)
    await delivered.refresh()
    assert.isNull(delivered.truckId)
    assert.isNotNull(await Listing.find(listing.id))
  })
})

test.group('Trucks: who may use them', (group) => {
  eachTestInTransaction(group)

  const calls = (id: number) =>
    [
      ['get', '/api/trucks'],
      ['post', '/api/trucks'],
      ['put', `/api/trucks/${id}`],
      ['delete', `/api/trucks/${id}`],
    ] as const

  test('shippers, admins and unapproved carriers are refused; nothing changes', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(owner, { make: 'Kenworth' })
    const users = [
      [await makeUser('shipper'), 'You do not have access to this resource'],
      [await makeUser('admin'), 'You do not have access to this resource'],
      [await makeUser('carrier', { isApproved: false }), 'Account pending approval'],
      [
        await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' }),
        'Account pending approval',
      ],
    ] as const
    for (const [user, message] of users) {
      for (const [method, url] of calls(truck.id)) {
        const res = await client
          .request(url, method.toUpperCase())
          .json(valid())
          .loginAs(user)
          .withCsrfToken()
        res.assertStatus(403)
        assert.equal(res.body().message, message)
      }
    }
    await truck.refresh()
    assert.equal(truck.make, 'Kenworth')
  })

  test('signed out is a 401', async ({ client }) => {
    for (const [method, url] of calls(1)) {
      const res = await client.request(url, method.toUpperCase()).json(valid()).withCsrfToken()
      res.assertStatus(401)
    }
  })
})
