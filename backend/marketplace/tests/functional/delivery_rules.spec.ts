import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import { DELIVERY_REFUSALS, TRANSIT_REFUSALS } from '#marketplace/booking_status'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { POD_PDF, acceptRateConfirmation, onTheRoad } from '#tests/deliveries'
import Carrier from '#fleet/models/carrier'
import type Listing from '#fleet/models/listing'

/** 10:00 in New York on Thursday 2026-03-05. */
const NOW = DateTime.fromISO('2026-03-05T15:00:00Z')

const setStatus = (client: ApiClient, carrier: User, id: number, status: string) =>
  client.put(`/api/bookings/${id}/status`).json({ status }).loginAs(carrier).withCsrfToken()

/** A booking whose carrier accepted its rate confirmation: these rules come after it (0226). */
async function acceptedBooking(shipper: User, listing: Listing, overrides: Partial<Booking>) {
  const booking = await makeBooking(shipper, listing, overrides)
  const carrier = await Carrier.findOrFail(listing.carrierId)
  await acceptRateConfirmation(booking.id, carrier.userId)
  return booking
}

const uploadPod = (client: ApiClient, carrier: User, id: number) =>
  client
    .post(`/api/tms/shipments/${id}/documents`)
    .fields({ docType: 'POD', stopNumber: '2' })
    .file('file', POD_PDF, { filename: 'pod.pdf' })
    .loginAs(carrier)
    .withCsrfToken()

/** The booking is as it was: same status, no delivery time, no history row. */
async function assertUnchanged(assert: any, booking: Booking, status: string) {
  const stored = await Booking.findOrFail(booking.id)
  assert.equal(stored.status, status)
  assert.isNull(stored.deliveredAt)
  const history = await BookingStatusChange.query()
    .where('bookingId', booking.id)
    .where('toStatus', 'delivered')
  assert.lengthOf(history, 0)
}

test.group(
  'Bookings: a pickup follows its day, a delivery its pickup and its paperwork',
  (group) => {
    eachTestInTransaction(group)
    let clock: FixedClock
    group.each.setup(() => {
      clock = new FixedClock(NOW)
      app.container.swap(Clock, () => clock)
      drive.fake('fs')
      return () => {
        app.container.restore(Clock)
        drive.restore('fs')
      }
    })

    async function world() {
      const carrier = await makeUser('carrier', { isApproved: true })
      const shipper = await makeUser('shipper')
      const listing = await makeListing(carrier)
      return { carrier, shipper, listing }
    }

    test('not before its pickup day, in business time (409, nothing changes)', async ({
      client,
      assert,
    }) => {
      const { carrier, shipper, listing } = await world()
      const booking = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        pickupDate: businessDateColumn(clock, 2),
        deliveryDate: businessDateColumn(clock, 3),
      })
      ;(await uploadPod(client, carrier, booking.id)).assertStatus(201)

      const early = await setStatus(client, carrier, booking.id, 'delivered')
      early.assertStatus(409)
      assert.deepEqual(early.body(), { message: DELIVERY_REFUSALS.beforePickupDay('2026-03-07') })
      assert.equal(
        early.body().message,
        'The pickup date (2026-03-07) has not come yet: a booking cannot be delivered before its pickup'
      )
      await assertUnchanged(assert, booking, 'in_transit')

      // 23:30 in New York on the 6th is 04:30 UTC on the 7th: still the day before pickup.
      clock.set(DateTime.fromISO('2026-03-07T04:30:00Z'))
      ;(await setStatus(client, carrier, booking.id, 'delivered')).assertStatus(409)
      clock.set(DateTime.fromISO('2026-03-07T05:30:00Z'))
      const onTheDay = await setStatus(client, carrier, booking.id, 'delivered')
      onTheDay.assertStatus(200)
      assert.equal(onTheDay.body().status, 'delivered')
    })

    test('not before its pickup window opens', async ({ client, assert }) => {
      const { carrier, shipper, listing } = await world()
      const booking = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        pickupDate: businessDateColumn(clock, 0),
        pickupWindowStart: NOW.plus({ hours: 2 }),
        pickupWindowEnd: NOW.plus({ hours: 4 }),
      })
      ;(await uploadPod(client, carrier, booking.id)).assertStatus(201)
      const early = await setStatus(client, carrier, booking.id, 'delivered')
      early.assertStatus(409)
      assert.deepEqual(early.body(), { message: DELIVERY_REFUSALS.beforePickupWindow })
      await assertUnchanged(assert, booking, 'in_transit')
      clock.set(NOW.plus({ hours: 2 }))
      ;(await setStatus(client, carrier, booking.id, 'delivered')).assertStatus(200)
    })

    test('in transit not before its pickup day, in business time (409, nothing changes)', async ({
      client,
      assert,
    }) => {
      const { carrier, shipper, listing } = await world()
      // Confirmed, picked up in two days (TRT-036 in the walk).
      const booking = await acceptedBooking(shipper, listing, {
        status: 'confirmed',
        pickupDate: businessDateColumn(clock, 2),
        deliveryDate: businessDateColumn(clock, 3),
      })
      const early = await setStatus(client, carrier, booking.id, 'in_transit')
      early.assertStatus(409)
      assert.deepEqual(early.body(), {
        message:
          'The pickup date (2026-03-07) has not come yet: a booking cannot be in transit before its pickup',
      })
      const stored = await Booking.findOrFail(booking.id)
      assert.equal(stored.status, 'confirmed')
      const history = await BookingStatusChange.query().where('bookingId', booking.id)
      assert.lengthOf(history, 0)

      // A delay reported before pickup does not open the road either.
      ;(await setStatus(client, carrier, booking.id, 'delayed')).assertStatus(200)
      ;(await setStatus(client, carrier, booking.id, 'in_transit')).assertStatus(409)

      // 23:30 in New York on the 6th is 04:30 UTC on the 7th: still the day before pickup.
      clock.set(DateTime.fromISO('2026-03-07T04:30:00Z'))
      ;(await setStatus(client, carrier, booking.id, 'in_transit')).assertStatus(409)
      clock.set(DateTime.fromISO('2026-03-07T05:30:00Z'))
      const onTheDay = await setStatus(client, carrier, booking.id, 'in_transit')
      onTheDay.assertStatus(200)
      assert.equal(onTheDay.body().status, 'in_transit')
    })

    test('in transit not before its pickup window opens', async ({ client, assert }) => {
      const { carrier, shipper, listing } = await world()
      const booking = await acceptedBooking(shipper, listing, {
        status: 'booked',
        pickupDate: businessDateColumn(clock, 0),
        pickupWindowStart: NOW.plus({ hours: 2 }),
        pickupWindowEnd: NOW.plus({ hours: 4 }),
      })
      const early = await setStatus(client, carrier, booking.id, 'in_transit')
      early.assertStatus(409)
      assert.deepEqual(early.body(), { message: TRANSIT_REFUSALS.beforePickupWindow })
      assert.equal((await Booking.findOrFail(booking.id)).status, 'booked')
      clock.set(NOW.plus({ hours: 2 }))
      ;(await setStatus(client, carrier, booking.id, 'in_transit')).assertStatus(200)
    })

    test('only with a proof of delivery on file, or a recorded exception', async ({
      client,
      assert,
    }) => {
      const { carrier, shipper, listing } = await world()
      const booking = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        ...onTheRoad(clock),
      })
      const bare = await setStatus(client, carrier, booking.id, 'delivered')
      bare.assertStatus(409)
      assert.deepEqual(bare.body(), {
        message:
          'A proof of delivery is missing: upload the POD to the booking (or record an exception) before marking it delivered',
      })
      await assertUnchanged(assert, booking, 'in_transit')

      // Another document is no proof of delivery.
      const ticket = await client
        .post(`/api/tms/shipments/${booking.id}/documents`)
        .fields({ docType: 'WEIGHT_TICKET' })
        .file('file', POD_PDF, { filename: 'ticket.pdf' })
        .loginAs(carrier)
        .withCsrfToken()
      ticket.assertStatus(201)
      ;(await setStatus(client, carrier, booking.id, 'delivered')).assertStatus(409)

      ;(await uploadPod(client, carrier, booking.id)).assertStatus(201)
      const delivered = await setStatus(client, carrier, booking.id, 'delivered')
      delivered.assertStatus(200)
      assert.isNotNull((await Booking.findOrFail(booking.id)).deliveredAt)

      // A delay the carrier reported is a recorded exception: delivered without a POD.
      const delayed = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        ...onTheRoad(clock),
      })
      ;(await setStatus(client, carrier, delayed.id, 'delayed')).assertStatus(200)
      ;(await setStatus(client, carrier, delayed.id, 'delivered')).assertStatus(200)
    })

    test('the carrier’s list offers delivery only when it would be accepted, and says why not', async ({
      client,
      assert,
    }) => {
      const { carrier, shipper, listing } = await world()
      const early = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        pickupDate: businessDateColumn(clock, 1),
        deliveryDate: businessDateColumn(clock, 2),
      })
      const noPod = await acceptedBooking(shipper, listing, {
        status: 'delayed',
        ...onTheRoad(clock),
        createdAt: NOW.minus({ minutes: 1 }),
      })
      const ready = await acceptedBooking(shipper, listing, {
        status: 'in_transit',
        ...onTheRoad(clock),
        createdAt: NOW.minus({ minutes: 2 }),
      })
      const booked = await acceptedBooking(shipper, listing, {
        status: 'booked',
        ...onTheRoad(clock),
        createdAt: NOW.minus({ minutes: 3 }),
      })
      const tomorrow = await acceptedBooking(shipper, listing, {
        status: 'confirmed',
        pickupDate: businessDateColumn(clock, 1),
        deliveryDate: businessDateColumn(clock, 2),
        createdAt: NOW.minus({ minutes: 4 }),
      })
      ;(await uploadPod(client, carrier, ready.id)).assertStatus(201)

      const res = await client.get('/api/carrier/bookings').loginAs(carrier)
      res.assertStatus(200)
      const byId = new Map(res.body().map((b: any) => [b.id, b]))
      const view = (b: Booking) => {
        const found = byId.get(b.id) as any
        return [found.allowedStatuses, found.inTransitBlockedReason, found.deliveryBlockedReason]
      }
      assert.deepEqual(view(early), [
        ['delayed'],
        null,
        DELIVERY_REFUSALS.beforePickupDay('2026-03-06'),
      ])
      // A booking put straight in the database as delayed has no exception milestone behind it.
      assert.deepEqual(view(noPod), [['in_transit'], null, DELIVERY_REFUSALS.noProof])
      assert.deepEqual(view(ready), [['delayed', 'delivered'], null, null])
      assert.deepEqual(view(booked), [['confirmed', 'in_transit', 'delayed'], null, null])
      assert.deepEqual(view(tomorrow), [
        ['booked', 'delayed'],
        TRANSIT_REFUSALS.beforePickupDay('2026-03-06'),
        null,
      ])

      // The answer of a status change says the same.
      const moved = await setStatus(client, carrier, early.id, 'delayed')
      moved.assertStatus(200)
      // Delayed before its pickup day (a booking put straight in the database as in transit):
      // neither back on the road nor delivered until that day.
      assert.deepEqual(moved.body().allowedStatuses, [])
      assert.equal(
        moved.body().inTransitBlockedReason,
        TRANSIT_REFUSALS.beforePickupDay('2026-03-06')
      )
      assert.equal(
        moved.body().deliveryBlockedReason,
        DELIVERY_REFUSALS.beforePickupDay('2026-03-06')
      )
    })
  }
)
