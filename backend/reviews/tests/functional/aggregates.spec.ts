import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { uploadProofOfDelivery } from '#tests/deliveries'
import ShipmentEvent from '#tms/models/shipment_event'
import {
  CARRIER_REVIEW,
  COMPLETED_AT,
  SHIPPER_REVIEW,
  completedBooking,
  summaries,
} from '#reviews/tests/world'

const clock = new FixedClock(COMPLETED_AT.plus({ days: 1 }))
const due = DateTime.fromISO('2030-03-04')
// A New York wall-clock moment, in the process's zone (as Lucid writes timestamps on SQLite).
const at = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toLocal()

test.group('Ratings on profiles, search, board cards; the measured on-time rate', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(COMPLETED_AT.plus({ days: 1 }))
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('averages of published reviews reach the carrier profile and the board cards', async ({
    client,
    assert,
  }) => {
    const first = await completedBooking()
    const second = await completedBooking(
      {},
      { shipper: first.shipper, carrierUser: first.carrierUser }
    )
    const write = async (w: typeof first, shipperScores: object, carrierScores: object) => {
      const url = `/api/bookings/${w.booking.id}/reviews`
      await client
        .post(url)
        .json({ ...SHIPPER_REVIEW, ...shipperScores })
        .loginAs(w.shipper)
        .withCsrfToken()
      await client
        .post(url)
        .json({ ...CARRIER_REVIEW, ...carrierScores })
        .loginAs(w.carrierUser)
        .withCsrfToken()
    }
    await write(
      first,
      { onTime: 5, communication: 5, careOfFreight: 5 },
      { loadingTime: 1, descriptionAccuracy: 1, payment: 1 }
    )
    await write(
      second,
      { onTime: 4, communication: 3, careOfFreight: 4 },
      { loadingTime: 5, descriptionAccuracy: 5, payment: 4 }
    )

    // Carrier Details of one of its listings (a shipper's view).
    const { default: Listing } = await import('#fleet/models/listing')
    const listing = await Listing.findOrFail(first.booking.listingId!)
    const profile = await client
      .get(`/api/listings/${listing.id}/carrier-profile`)
      .loginAs(first.shipper)
    profile.assertStatus(200)
    assert.deepEqual(profile.body().rating, { average: 4.33, count: 2 })

    // The carriers' board shows the shipper's rating on its loads.
    await makeFreightListing(first.shipper, {
      pickupEarliest: clock.now().plus({ days: 2 }),
      deliveryLatest: clock.now().plus({ days: 3 }),
      expiresAt: clock.now().plus({ days: 3 }),
    })
    const board = await client.get('/api/freight-listings').loginAs(first.carrierUser)
    board.assertStatus(200)
    assert.deepEqual(board.body()[0].shipper_rating, { average: 2.83, count: 2 })
    const other = await makeUser('shipper')
    await makeFreightListing(other, { expiresAt: clock.now().plus({ days: 3 }) })
    const again = await client.get('/api/freight-listings').loginAs(first.carrierUser)
    const ratings = again.body().map((l: any) => l.shipper_rating.count)
    assert.sameMembers(ratings, [2, 0])
  })

  test('on time: by the promised day in New York, the earliest DELIVERED milestone first', async ({
    assert,
  }) => {
    const onDay = await completedBooking({
      deliveryDate: due,
      deliveredAt: at('2030-03-04T23:30:00'),
    })
    const parties = { shipper: onDay.shipper, carrierUser: onDay.carrierUser }
    // Set Delivered a day late, but the feed saw it at the dock on the day.
    const late = await completedBooking(
      { deliveryDate: due, deliveredAt: at('2030-03-05T09:00:00') },
      parties
    )
    await ShipmentEvent.create({
      shipmentId: late.booking.id,
      eventType: 'DELIVERED',
      eventTime: at('2030-03-04T16:00:00'),
      location: 'Detroit, MI',
      createdAt: clock.now(),
    })
    await completedBooking({ deliveryDate: due, deliveredAt: at('2030-03-05T00:30:00') }, parties)
    // No promised day: delivered, not judged.
    await completedBooking({ deliveryDate: null, deliveredAt: at('2030-03-01T10:00:00') }, parties)
    await completedBooking({ status: 'in_transit', deliveredAt: null, completedAt: null }, parties)

    const service = await summaries()
    assert.deepEqual(await service.rewriteDeliveries(onDay.carrierId), {
      deliveredLoads: 4,
      judgedLoads: 3,
      onTimeLoads: 2,
    })
    assert.deepInclude((await service.carriers([onDay.carrierId])).get(onDay.carrierId)!, {
      onTimeRate: 0.667,
      deliveredLoads: 4,
    })
  })

  test('the record follows a delivery and a later DELIVERED milestone from a feed', async ({
    client,
    assert,
  }) => {
    const world = await completedBooking({
      status: 'in_transit',
      deliveredAt: null,
      completedAt: null,
      pickupDate: businessDateColumn(clock, -2),
      deliveryDate: businessDateColumn(clock, -1),
    })
    await uploadProofOfDelivery(world.booking.id, world.carrierUser.id)
    const res = await client
      .put(`/api/bookings/${world.booking.id}/status`)
      .json({ status: 'delivered' })
      .loginAs(world.carrierUser)
      .withCsrfToken()
    res.assertStatus(200)
    const service = await summaries()
    assert.deepInclude((await service.carriers([world.carrierId])).get(world.carrierId)!, {
      deliveredLoads: 1,
      onTimeRate: 0,
    })
    // A partner feed reports it delivered on the promised day: the record is rewritten.
    const { default: ShipmentEventsService } = await import('#tms/services/shipment_events_service')
    const events = await app.container.make(ShipmentEventsService)
    await events.record({ id: world.booking.id } as any, [
      {
        key: 'edi214:late-report',
        type: 'DELIVERED',
        code: 'D1',
        source: 'edi214',
        description: null,
        eventTime: clock.now().minus({ days: 2 }).toISO()!,
        location: null,
        raw: null,
      },
    ])
    assert.deepInclude((await service.carriers([world.carrierId])).get(world.carrierId)!, {
      onTimeRate: 1,
    })
  })
})
