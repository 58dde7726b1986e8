import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import Carrier from '#fleet/models/carrier'
import type Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import Invoice from '#marketplace/models/invoice'
import Document from '#tms/models/document'
import ShipmentEvent from '#tms/models/shipment_event'
import StopTime from '#finance/models/stop_time'
import { makeMember } from '#accounts/tests/companies'
import {
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  signInSessions,
} from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'
import { PHOTO_JPEG, SIGNATURE_DATA_URL } from '#tms/tests/stop_event_fixtures'
import { pdfText } from '#tests/pdf_text'

/** 10:00 in New York on Thursday 2026-03-05. */
const NOW = DateTime.fromISO('2026-03-05T15:00:00Z')

let keys = 0
const nextKey = () => `step-${Date.now()}-${++keys}`

const step = (
  client: ApiClient,
  user: User,
  id: number,
  body: Record<string, unknown>,
  key: string | null = nextKey()
) => {
  const request = client.post(`/api/bookings/${id}/stop-events`).json(body)
  if (key !== null) request.header('Idempotency-Key', key)
  return request.loginAs(user).withCsrfToken()
}

const photo = (client: ApiClient, user: User, id: number, bytes = PHOTO_JPEG, name = 'a.jpg') =>
  client
    .post(`/api/bookings/${id}/stop-photos`)
    .file('photo', bytes, { filename: name })
    .loginAs(user)
    .withCsrfToken()

const countEvents = async (bookingId: number) =>
  Number((await db.from('stop_events').where('booking_id', bookingId).count('* as n'))[0].n)

async function world(clock: Clock) {
  const carrier = await makeUser('carrier', { isApproved: true })
  const shipper = await makeUser('shipper')
  const listing = await makeListing(carrier)
  const booking = await onPickupDay(shipper, listing, clock)
  return { carrier, shipper, listing, booking }
}

/** A paid booking picked up yesterday whose rate confirmation the carrier accepted (0226). */
async function onPickupDay(shipper: User, listing: Listing, clock: Clock, accept = true) {
  const booking = await makeBooking(shipper, listing, {
    status: 'confirmed',
    pickupDate: businessDateColumn(clock, -1),
    deliveryDate: businessDateColumn(clock, 0),
  })
  if (accept) {
    const carrier = await Carrier.findOrFail(listing.carrierId)
    await acceptRateConfirmation(booking.id, carrier.userId)
  }
  return booking
}

test.group('Driver steps at the stops (decision 0243)', (group) => {
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

  const later = (minutes: number) => clock.advance({ minutes })

  test('the whole trip: stop times, In Transit, Delivered, the signed POD and the invoice note', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await world(clock)
    const driver = await makeMember(carrier, 'driver')
    // A driver member reaches the bookings assigned to them (decision 0237).
    await db.from('bookings').where('id', booking.id).update({ driver_user_id: driver.id })

    const arrived = await step(client, driver, booking.id, {
      type: 'arrived_pickup',
      at: '2026-03-05T09:58:00-05:00',
      lat: 41.881,
      lng: -87.623,
      accuracyM: 12.4,
    })
    arrived.assertStatus(201)
    assert.equal(arrived.body().reportedAt, '2026-03-05T09:58:00-05:00')
    assert.equal(arrived.body().recordedAt, '2026-03-05T15:00:00.000Z')
    assert.deepEqual(arrived.body().position, { lat: 41.881, lng: -87.623, accuracyM: 12 })

    later(95)
    const picture = await photo(client, driver, booking.id)
    picture.assertStatus(201)
    assert.include(picture.body(), { mimeType: 'image/jpeg', width: 32, height: 24 })
    const loaded = await step(client, driver, booking.id, {
      type: 'loaded',
      pieces: 4,
      sealNumber: 'SL-99812',
      photoIds: [picture.body().id],
    })
    loaded.assertStatus(201)
    assert.equal(loaded.body().photoCount, 1)

    later(5)
    const departed = await step(client, driver, booking.id, {
      type: 'departed_pickup',
      lat: 41.882,
      lng: -87.62,
    })
    departed.assertStatus(201)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'in_transit')
    // Detention counts from the arrival: 100 minutes at the pickup.
    const pickupStop = await StopTime.query()
      .where({ bookingId: booking.id, stop: 'PICKUP' })
      .firstOrFail()
    assert.equal(pickupStop.arrivedAt.toUTC().toISO(), '2026-03-05T15:00:00.000Z')
    assert.equal(pickupStop.departedAt.toUTC().toISO(), '2026-03-05T16:40:00.000Z')

    later(300)
    ;(
      await step(client, driver, booking.id, { type: 'arrived_delivery', lat: 42.33, lng: -83.05 })
    ).assertStatus(201)
    later(20)
    const damage = await photo(client, driver, booking.id)
    const exception = await step(client, driver, booking.id, {
      type: 'exception',
      exception: { kind: 'damage', note: 'Two pallets crushed on the top layer' },
      photoIds: [damage.body().id],
    })
    exception.assertStatus(201)
    assert.deepEqual(exception.body().exception, {
      kind: 'damage',
      note: 'Two pallets crushed on the top layer',
    })

    later(15)
    const delivered = await step(client, driver, booking.id, {
      type: 'delivered',
      consigneeName: 'Dana Receiver',
      signature: SIGNATURE_DATA_URL,
      lat: 42.331,
      lng: -83.046,
      accuracyM: 8,
    })
    delivered.assertStatus(201)
    const stored = await Booking.findOrFail(booking.id)
    assert.equal(stored.status, 'delivered')

    // The signed POD is the booking's proof of delivery in the Document Hub.
    const podId = delivered.body().podDocumentId
    const pod = await Document.findOrFail(podId)
    assert.equal(pod.type, 'POD')
    const hub = await client.get('/api/tms/documents?type=POD').loginAs(shipper)
    hub.assertStatus(200)
    assert.deepEqual(
      hub.body().data.map((d: { id: number }) => d.id),
      [podId]
    )
    const text = pdfText(await drive.use().getBytes(pod.url))
    assert.include(text, 'Proof of Delivery')
    assert.include(text, 'Dana Receiver')
    assert.include(text, 'Arrived at pickup')
    assert.include(text, '5 Mar 2026, 10:00 ET')
    assert.include(text, "Phone's clock: 5 Mar 2026, 09:58 ET")
    assert.include(text, 'Position: 41.88100, -87.62300 (within 12 m)')
    assert.include(text, 'Pieces: 4')
    assert.include(text, 'Seal: SL-99812')
    assert.include(text, 'Delivered')
    assert.include(text, '5 Mar 2026, 17:15 ET')
    assert.include(text, 'DAMAGE: Two pallets crushed on the top layer')
    assert.include(text, 'Photos (2)')
    assert.notInclude(text, (await Carrier.findByOrFail('userId', carrier.id)).companyName)

    // The invoice notes the exception.
    const invoice = await Invoice.findByOrFail('bookingId', booking.id)
    const invoiceText = pdfText(await drive.use().getBytes(invoice.pdfUrl!))
    assert.include(
      invoiceText,
      'Delivered with an exception (damage): Two pallets crushed on the top layer'
    )

    // The delivery stop's times, and the positions on the tracking map.
    const deliveryStop = await StopTime.query()
      .where({ bookingId: booking.id, stop: 'DELIVERY' })
      .firstOrFail()
    assert.equal(deliveryStop.arrivedAt.toUTC().toISO(), '2026-03-05T21:40:00.000Z')
    const tracking = await client.get(`/api/tms/shipments/${booking.id}`).loginAs(shipper)
    tracking.assertStatus(200)
    const driverPoints = tracking
      .body()
      .positions.filter((p: { lat: number }) => [41.881, 41.882, 42.33, 42.331].includes(p.lat))
    assert.lengthOf(driverPoints, 4)
    const exceptionMilestone = await ShipmentEvent.query()
      .where({ shipmentId: booking.id, eventType: 'EXCEPTION', source: 'driver' })
      .firstOrFail()
    assert.include(exceptionMilestone.description!, 'damage')

    const list = await client.get(`/api/bookings/${booking.id}/stop-events`).loginAs(driver)
    list.assertStatus(200)
    assert.isNull(list.body().next)
    assert.equal(list.body().podDocumentId, podId)
    assert.deepEqual(
      list.body().events.map((e: { type: string }) => e.type),
      ['arrived_pickup', 'loaded', 'departed_pickup', 'arrived_delivery', 'exception', 'delivered']
    )
  })

  test('a step out of order is a 409 naming the next step, and records nothing', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await world(clock)
    const response = await step(client, carrier, booking.id, { type: 'loaded', pieces: 3 })
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      '"Loaded" is out of order: the next step is "Arrived at pickup"'
    )
    ;(await step(client, carrier, booking.id, { type: 'arrived_pickup' })).assertStatus(201)
    const exception = await step(client, carrier, booking.id, {
      type: 'exception',
      exception: { kind: 'shortage', note: 'One pallet short' },
    })
    exception.assertStatus(409)
    assert.equal(
      exception.body().message,
      'An exception is recorded at the delivery: record "Arrived at delivery" first'
    )
    const again = await step(client, carrier, booking.id, { type: 'arrived_pickup' })
    again.assertStatus(409)
    assert.equal(
      again.body().message,
      '"Arrived at pickup" is already recorded: the next step is "Loaded"'
    )
    assert.equal(await countEvents(booking.id), 1)
  })

  test('the departure follows the status rules: no accepted rate confirmation, no departure', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const booking = await onPickupDay(shipper, listing, clock, false)
    ;(await step(client, carrier, booking.id, { type: 'arrived_pickup' })).assertStatus(201)
    ;(await step(client, carrier, booking.id, { type: 'loaded', pieces: 2 })).assertStatus(201)
    const departed = await step(client, carrier, booking.id, { type: 'departed_pickup' })
    departed.assertStatus(409)
    assert.match(departed.body().message, /rate confirmation/i)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'confirmed')
    assert.equal(await countEvents(booking.id), 2)
  })

  test('a step before payment or after cancellation is a 409', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const unpaid = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    const response = await step(client, carrier, unpaid.id, { type: 'arrived_pickup' })
    response.assertStatus(409)
    assert.equal(
      response.body().message,
      'The booking is pending: "Arrived at pickup" cannot be recorded'
    )
    assert.equal(await countEvents(unpaid.id), 0)
  })

  test('bad input is a 422 naming the field, and records nothing', async ({ client, assert }) => {
    const { carrier, shipper, listing, booking } = await world(clock)
    const other = await onPickupDay(shipper, listing, clock)
    const foreignPhoto = (await photo(client, carrier, other.id)).body().id
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'type'],
      [{ type: 'teleported' }, 'type'],
      [{ type: 'arrived_pickup', lat: 91, lng: 0 }, 'lat'],
      [{ type: 'arrived_pickup', lng: 200, lat: 0 }, 'lng'],
      [{ type: 'arrived_pickup', lat: 41.8 }, 'lng'],
      [{ type: 'arrived_pickup', accuracyM: -1 }, 'accuracyM'],
      [{ type: 'arrived_pickup', at: 'yesterday-ish' }, 'at'],
      [{ type: 'arrived_pickup', pieces: 3 }, 'pieces'],
      [{ type: 'arrived_pickup', sealNumber: 'S1' }, 'sealNumber'],
      [{ type: 'arrived_pickup', consigneeName: 'Dana' }, 'consigneeName'],
      [{ type: 'arrived_pickup', signature: SIGNATURE_DATA_URL }, 'signature'],
      [{ type: 'arrived_pickup', signature: 'data:image/gif;base64,R0lGOD' }, 'signature'],
      [{ type: 'arrived_pickup', exception: { kind: 'damage', note: 'Crushed' } }, 'exception'],
      [{ type: 'exception', exception: { kind: 'lost', note: 'Gone' } }, 'exception.kind'],
      [{ type: 'exception', exception: { kind: 'damage', note: '' } }, 'exception.note'],
      [{ type: 'arrived_pickup', photoIds: [foreignPhoto] }, 'photoIds'],
      [{ type: 'arrived_pickup', photoIds: [1.5] }, 'photoIds.0'],
      [{ type: 'loaded' }, 'pieces'],
      [{ type: 'loaded', pieces: 2.5 }, 'pieces'],
      [{ type: 'delivered', signature: SIGNATURE_DATA_URL }, 'consigneeName'],
      [{ type: 'delivered', consigneeName: 'Dana Receiver' }, 'signature'],
      [{ type: 'exception' }, 'exception'],
    ]
    for (const [body, field] of cases) {
      const response = await step(client, carrier, booking.id, body)
      assert.equal(response.status(), 422, JSON.stringify(body))
      assert.include(
        response.body().errors.map((e: { field: string }) => e.field),
        field,
        JSON.stringify(body)
      )
    }
    const keyless = await step(client, carrier, booking.id, { type: 'arrived_pickup' }, null)
    keyless.assertStatus(422)
    assert.equal(keyless.body().errors[0].field, 'Idempotency-Key')
    assert.equal(await countEvents(booking.id), 0)

    // At the delivery: a signature that says PNG but is not one.
    for (const type of ['arrived_pickup', 'loaded', 'departed_pickup', 'arrived_delivery']) {
      ;(
        await step(client, carrier, booking.id, { type, pieces: type === 'loaded' ? 2 : undefined })
      ).assertStatus(201)
    }
    const fake = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`
    const signed = await step(client, carrier, booking.id, {
      type: 'delivered',
      consigneeName: 'Dana Receiver',
      signature: fake,
    })
    signed.assertStatus(422)
    assert.equal(signed.body().errors[0].field, 'signature')
    assert.equal(await countEvents(booking.id), 4)
    assert.equal((await Booking.findOrFail(booking.id)).status, 'in_transit')
  })

  test('photos: JPEG or PNG by their bytes, else a 422 on photo', async ({ client, assert }) => {
    const { carrier, booking } = await world(clock)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
    const asPdf = await photo(client, carrier, booking.id, pdf, 'pod.pdf')
    asPdf.assertStatus(422)
    assert.equal(asPdf.body().errors[0].field, 'photo')
    const renamed = await photo(client, carrier, booking.id, PHOTO_JPEG, 'photo.png')
    renamed.assertStatus(422)
    const text = await photo(client, carrier, booking.id, Buffer.from('hello'), 'a.jpg')
    text.assertStatus(422)
    const none = await client
      .post(`/api/bookings/${booking.id}/stop-photos`)
      .fields({ note: 'x' })
      .loginAs(carrier)
      .withCsrfToken()
    none.assertStatus(422)
    assert.equal(none.body().errors[0].field, 'photo')
    const count = await db.from('stop_event_photos').where('booking_id', booking.id).count('* as n')
    assert.equal(Number(count[0].n), 0)
  })

  test('who may: the shipper 403, an accounts member 403, another carrier 404', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await world(clock)
    const stranger = await makeUser('carrier', { isApproved: true })
    const accounts = await makeMember(carrier, 'accounts')
    ;(await step(client, shipper, booking.id, { type: 'arrived_pickup' })).assertStatus(403)
    ;(await step(client, accounts, booking.id, { type: 'arrived_pickup' })).assertStatus(403)
    const foreign = await step(client, stranger, booking.id, { type: 'arrived_pickup' })
    foreign.assertStatus(404)
    assert.equal(foreign.body().message, 'Booking not found')
    ;(await photo(client, stranger, booking.id)).assertStatus(404)
    ;(await photo(client, shipper, booking.id)).assertStatus(403)
    ;(await client.get(`/api/bookings/${booking.id}/stop-events`).loginAs(stranger)).assertStatus(
      404
    )
    ;(await client.get(`/api/bookings/${booking.id}/stop-events`).loginAs(shipper)).assertStatus(
      403
    )
    ;(await client.get(`/api/bookings/${booking.id}/stop-events`)).assertStatus(401)
    assert.equal(await countEvents(booking.id), 0)
  })
})

test.group('Driver steps: the offline queue sends a step again, and twice at once', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  async function race(keyOf: (i: number) => string, n: number) {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const booking = await onPickupDay(shipper, listing, new Clock())
    const sessions = await signInSessions(
      Array.from({ length: n }, () => carrier),
      [baseUrl()]
    )
    for (const session of sessions) await session.request('GET', '/api/user')
    const answers = await Promise.all(
      sessions.map((session, i) =>
        session.request(
          'POST',
          `/api/bookings/${booking.id}/stop-events`,
          { type: 'arrived_pickup' },
          { headers: { 'idempotency-key': keyOf(i) } }
        )
      )
    )
    return { booking, statuses: answers.map((a) => a.status) }
  }

  // On PostgreSQL a replayed key's unique violation aborts a test-wide transaction, so the
  // replays run against an emptied database like the races.
  test('the same Idempotency-Key twice records the step once and answers it again', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await world(new Clock())
    const key = nextKey()
    const first = await step(client, carrier, booking.id, { type: 'arrived_pickup' }, key)
    first.assertStatus(201)
    const second = await step(client, carrier, booking.id, { type: 'arrived_pickup' }, key)
    assert.oneOf(second.status(), [200, 201])
    assert.equal(second.header('idempotent-replayed'), 'true')
    assert.equal(second.body().id, first.body().id)
    assert.equal(await countEvents(booking.id), 1)
  })

  test('the same key concurrently records the step once', async ({ assert }) => {
    const key = nextKey()
    const { booking, statuses } = await race(() => key, 3)
    assert.include(statuses, 201)
    for (const status of statuses) assert.oneOf(status, [200, 201, 409])
    assert.equal(await countEvents(booking.id), 1)
  })

  test('different keys for the same step concurrently: one recorded, the rest 409', async ({
    assert,
  }) => {
    const { booking, statuses } = await race(() => nextKey(), 4)
    assert.deepEqual(statuses.sort(), [201, 409, 409, 409])
    assert.equal(await countEvents(booking.id), 1)
  })
})
