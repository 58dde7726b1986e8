import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import ShipmentEvent from '#tms/models/shipment_event'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'

/** A shipper's booking Chicago → Detroit with an approved carrier, and its parties. */
async function shipment() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const booking = await makeBooking(shipper, await makeListing(carrier))
  return { shipper, carrier, booking }
}

const at = (iso: string) => DateTime.fromISO(iso)

async function event(bookingId: number, key: string, type: string, time: string, extra = {}) {
  return ShipmentEvent.create({
    shipmentId: bookingId,
    eventKey: key,
    eventType: type,
    eventTime: at(time),
    code: type,
    source: 'test',
    location: null,
    latitude: null,
    longitude: null,
    description: null,
    raw: null,
    ...extra,
  })
}

test.group('GET /api/tms/shipments/:id/events', (group) => {
  eachTestInTransaction(group)

  test('events in time order, by booking id and by TRT- reference', async ({ client, assert }) => {
    const { shipper, booking } = await shipment()
    await event(booking.id, 'k:3', 'DELIVERED', '2026-03-03T15:00:00Z')
    await event(booking.id, 'k:1', 'PU', '2026-03-01T14:00:00Z', {
      location: 'Chicago, IL',
      latitude: 41.8781,
      longitude: -87.6298,
      code: 'AF',
      description: 'Carrier Departed Pick-up Location with Shipment',
      source: 'edi214',
    })
    await event(booking.id, 'k:2', 'SOMETHING_NEW', '2026-03-02T09:30:00Z')
    const other = await shipment()
    await event(other.booking.id, 'k:1', 'PU', '2026-03-01T10:00:00Z')

    const byId = await client.get(`/api/tms/shipments/${booking.id}/events`).loginAs(shipper)
    byId.assertStatus(200)
    assert.deepEqual(
      byId.body().map((e: any) => e.eventType),
      ['PU', 'SOMETHING_NEW', 'DELIVERED']
    )
    assert.deepEqual(byId.body()[0], {
      id: byId.body()[0].id,
      eventType: 'PU',
      eventTime: '2026-03-01T14:00:00.000Z',
      location: { lat: 41.8781, lng: -87.6298, city: 'Chicago', state: 'IL' },
      code: 'AF',
      description: 'Carrier Departed Pick-up Location with Shipment',
      source: 'edi214',
    })
    assert.isNull(byId.body()[1].location)

    const reference = `TRT-${String(booking.id).padStart(3, '0')}`
    const byRef = await client.get(`/api/tms/shipments/${reference}/events`).loginAs(shipper)
    byRef.assertStatus(200)
    assert.deepEqual(byRef.body(), byId.body())
    const lower = await client
      .get(`/api/tms/shipments/${reference.toLowerCase()}/events`)
      .loginAs(shipper)
    assert.deepEqual(lower.body(), byId.body())
  })

  test('its shipper, its carrier and admins; anyone else 404, anonymous 401', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, booking } = await shipment()
    await event(booking.id, 'k:1', 'PU', '2026-03-01T14:00:00Z')
    const url = `/api/tms/shipments/${booking.id}/events`
    for (const user of [shipper, carrier, await makeUser('admin')]) {
      const res = await client.get(url).loginAs(user)
      res.assertStatus(200)
      assert.lengthOf(res.body(), 1)
    }
    const strangers = [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
      await makeUser('carrier', { isApproved: false }),
    ]
    for (const user of strangers) {
      const res = await client.get(url).loginAs(user)
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: 'Shipment not found' })
    }
    ;(await client.get(url)).assertStatus(401)
    for (const missing of ['999999', 'TRT-999999', 'TRT-', 'abc', '0']) {
      const res = await client.get(`/api/tms/shipments/${missing}/events`).loginAs(shipper)
      res.assertStatus(404)
    }
  })

  test('the shipment: route, status, estimated arrival and positions for the map', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await shipment()
    await event(booking.id, 'k:1', 'PU', '2026-03-01T14:00:00Z', {
      location: 'Chicago, IL',
      latitude: 41.8781,
      longitude: -87.6298,
    })
    await event(booking.id, 'k:2', 'EXCEPTION', '2026-03-01T18:00:00Z')
    await event(booking.id, 'k:3', 'IN_TRANSIT', '2026-03-01T16:00:00Z', {
      location: 'Kalamazoo, MI',
      latitude: 42.29,
      longitude: -85.59,
    })
    const res = await client
      .get(`/api/tms/shipments/TRT-${String(booking.id).padStart(3, '0')}`)
      .loginAs(carrier)
    res.assertStatus(200)
    const body = res.body()
    assert.equal(body.id, booking.id)
    assert.equal(body.status, 'booked')
    assert.equal(body.provider, 'internal')
    assert.deepEqual(body.origin, { lat: 41.8781, lng: -87.6298, city: 'Chicago', state: 'IL' })
    assert.equal(body.destination.city, 'Detroit')
    const eta = DateTime.fromISO(booking.deliveryDate!.toISODate()!, {
      zone: 'America/New_York',
    }).endOf('day')
    assert.equal(body.estimatedArrival, eta.toUTC().toISO())
    assert.deepEqual(
      body.positions.map((p: any) => [p.eventType, p.city]),
      [
        ['PU', 'Chicago'],
        ['IN_TRANSIT', 'Kalamazoo'],
      ]
    )
  })
})

test.group('A carrier’s status change makes the milestones', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => app.container.restore(Clock))

  test('in transit: PU and LINEHAUL_DEPART at the origin; delayed: EXCEPTION; back on the road; delivered at the destination', async ({
    client,
    assert,
  }) => {
    const clock = new FixedClock(DateTime.fromISO('2026-03-02T13:00:00Z'))
    app.container.swap(Clock, () => clock)
    const { shipper, carrier, booking } = await shipment()
    // Picked up on the clock's day; the delay on the way is its recorded exception, so it is
    // delivered without a POD (docs/decisions/0166).
    await booking.merge({ pickupDate: businessDateColumn(clock, 0) }).save()
    await acceptRateConfirmation(booking.id, carrier.id)
    const move = (status: string) =>
      client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status })
        .loginAs(carrier)
        .withCsrfToken()

    ;(await move('in_transit')).assertStatus(200)
    clock.advance({ hours: 3 })
    ;(await move('delayed')).assertStatus(200)
    clock.advance({ hours: 2 })
    ;(await move('in_transit')).assertStatus(200)
    clock.advance({ hours: 4 })
    ;(await move('delivered')).assertStatus(200)

    const res = await client.get(`/api/tms/shipments/${booking.id}/events`).loginAs(shipper)
    res.assertStatus(200)
    const events = res.body()
    assert.deepEqual(
      events.map((e: any) => [e.eventType, e.code, e.source, e.eventTime]),
      [
        ['PU', 'in_transit', 'app', '2026-03-02T13:00:00.000Z'],
        ['LINEHAUL_DEPART', 'in_transit', 'app', '2026-03-02T13:00:00.000Z'],
        ['EXCEPTION', 'delayed', 'app', '2026-03-02T16:00:00.000Z'],
        ['IN_TRANSIT', 'in_transit', 'app', '2026-03-02T18:00:00.000Z'],
        ['DELIVERED', 'delivered', 'app', '2026-03-02T22:00:00.000Z'],
      ]
    )
    assert.deepEqual(events[0].location, {
      lat: 41.8781,
      lng: -87.6298,
      city: 'Chicago',
      state: 'IL',
    })
    assert.equal(events[4].location.city, 'Detroit')
    assert.isNull(events[2].location)
    // The second in_transit stored no second pickup.
    assert.lengthOf(await ShipmentEvent.query().where('shipmentId', booking.id), 5)
  })
})
