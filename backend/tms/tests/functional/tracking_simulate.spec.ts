import { test } from '@japa/runner'
import Booking from '#marketplace/models/booking'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import tmsFeeds from '#plugins/tms_feeds/services/main'
import ShipmentEvent from '#tms/models/shipment_event'
import TrackingSimulationService from '#tms/services/tracking_simulation_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

test.group('tms:simulate', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => () => {
    tmsFeeds.restore()
    app.container.restore(Clock)
  })

  test('partner bookings get their events up to now, once; the app’s own only when asked', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const pickup = DateTime.fromISO('2026-03-02T14:00:00Z')
    const partner = await makeBooking(shipper, listing, {
      provider: 'demo_partner',
      // Unknown to the demo partner in this process: the simulator stands in.
      partnerShipmentId: 'DP-NOT-HERE',
      pickupDate: DateTime.fromISO('2026-03-02'),
      pickupWindowStart: pickup,
    })
    const own = await makeBooking(shipper, listing, {
      status: 'in_transit',
      pickupDate: DateTime.fromISO('2026-03-01'),
    })
    await makeBooking(shipper, listing, {
      provider: 'demo_partner',
      status: 'delivered',
      partnerShipmentId: 'DP-DONE',
    })
    const feed = tmsFeeds.fake()
    const clock = new FixedClock(pickup.plus({ hours: 1 }))
    app.container.swap(Clock, () => clock)
    const simulation = await app.container.make(TrackingSimulationService)

    const first = await simulation.run()
    assert.deepEqual(first, { shipments: 1, stored: 1, duplicates: 0, failed: [] })
    assert.equal(feed.calls[0].shipment.id, String(partner.id))
    assert.equal(feed.calls[0].shipment.pickupAt, pickup.toUTC().toISO())
    assert.equal(feed.calls[0].now.toISOString(), '2026-03-02T15:00:00.000Z')

    clock.advance({ hours: 48 })
    const second = await simulation.run()
    assert.deepEqual(second, { shipments: 1, stored: 1, duplicates: 1, failed: [] })
    const stored = await ShipmentEvent.query().where('shipmentId', partner.id).orderBy('eventTime')
    assert.deepEqual(
      stored.map((e) => [e.eventType, e.code, e.source]),
      [
        ['PU', 'PICKED_UP', 'fake'],
        ['DELIVERED', 'DELIVERED', 'fake'],
      ]
    )
    assert.lengthOf(await ShipmentEvent.query().where('shipmentId', own.id), 0)
    // The partner reported the delivery, so its booking is delivered and no longer followed.
    assert.equal((await Booking.findOrFail(partner.id)).status, 'delivered')

    const withOwn = await simulation.run({ includeInternal: true })
    assert.equal(withOwn.shipments, 1)
    assert.isAbove((await ShipmentEvent.query().where('shipmentId', own.id)).length, 0)
  })

  test('a feed that fails is reported and stores nothing', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(shipper, await makeListing(carrier), {
      provider: 'demo_partner',
      partnerShipmentId: 'DP-NOT-HERE',
    })
    tmsFeeds.fake().failNext('partner feed down')
    const report = await (await app.container.make(TrackingSimulationService)).run()
    assert.deepEqual(report.failed, [{ bookingId: booking.id, message: 'partner feed down' }])
    assert.lengthOf(await ShipmentEvent.query().where('shipmentId', booking.id), 0)
  })
})
