import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { inflateSync } from 'node:zlib'
import Booking from '#marketplace/models/booking'
import BillOfLading from '#marketplace/models/bill_of_lading'
import FreightListing from '#freight_board/models/freight_listing'
import BookingStatusService from '#marketplace/services/booking_status_service'
import CarrierVetting from '#trust/models/carrier_vetting'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { testCensus } from '#tests/vetting'
import { carrierWithCensus } from './world.js'

const bookingBody = (listingId: number) => ({
  listingId,
  pickupAddress: '100 W Randolph St, Chicago, IL 60601',
  deliveryAddress: 'Detroit, MI 48201',
  numberOfPallets: 2,
  pickupDate: businessDayFromToday(2),
  deliveryDate: businessDayFromToday(3),
})

const SHIPPER_REFUSAL =
  'This carrier cannot take bookings right now: it did not pass its safety and insurance check'

/** The text of a pdf-lib PDF: its Flate streams inflated, hex strings decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes)
  const latin1 = raw.toString('latin1')
  let text = ''
  // Each stream is exactly its dictionary's /Length bytes (a line-end search could cut a
  // compressed stream that happens to end in a CR byte).
  for (const match of latin1.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index! + match[0].length
    const data = raw.subarray(start, start + Number(match[1]))
    try {
      text += inflateSync(data).toString('latin1')
    } catch {
      text += data.toString('latin1')
    }
  }
  return text.replace(/<([0-9A-Fa-f]+)>/g, (_, hex) => Buffer.from(hex, 'hex').toString('latin1'))
}

test.group('Re-check at dispatch: booking a listing', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => testCensus.reset())

  test('the booking freezes the vetting; the shipper sees it once paid', async ({
    client,
    assert,
  }) => {
    const { user } = await carrierWithCensus()
    const shipper = await makeUser('shipper')
    const listing = await makeListing(user)
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.isNull(res.body().carrierVetting, 'unpaid: the snapshot names the carrier')
    const booking = await Booking.findOrFail(res.body().id)
    assert.equal(booking.vettingSnapshot!.result, 'pass')
    assert.equal(booking.vettingSnapshot!.driver, 'fake')
    assert.lengthOf(booking.vettingSnapshot!.checks, 7)
    assert.lengthOf(await CarrierVetting.query().where('trigger', 'dispatch'), 1)

    await Booking.query().where('id', booking.id).update({ payment_status: 'paid' })
    const paid = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    paid.assertStatus(200)
    assert.deepEqual(paid.body().carrierVetting, booking.vettingSnapshot)
    const ownView = await client.get(`/api/bookings/${booking.id}`).loginAs(user)
    assert.equal(ownView.body().carrierVetting.result, 'pass')
  })

  test('a carrier failing its vetting is refused to the shipper without reasons; nothing is booked', async ({
    client,
    assert,
  }) => {
    const { user } = await carrierWithCensus({ outOfServiceOn: '2026-02-01' })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(user)
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, SHIPPER_REFUSAL)
    assert.lengthOf(await Booking.all(), 0)
  })
})

test.group('Re-check at dispatch: claiming a load', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => testCensus.reset())

  const claim = (client: any, user: any, id: number) =>
    client.post(`/api/freight-listings/${id}/claim`).loginAs(user).withCsrfToken()

  test('the claimed load’s booking freezes the vetting; a second claim reads the cached one', async ({
    client,
    assert,
  }) => {
    const { user, carrier } = await carrierWithCensus()
    const shipper = await makeUser('shipper')
    const first = await makeFreightListing(shipper)
    const second = await makeFreightListing(shipper)
    ;(await claim(client, user, first.id)).assertStatus(200)
    ;(await claim(client, user, second.id)).assertStatus(200)
    assert.deepEqual(testCensus.lookups, [carrier.dotNumber])
    for (const load of [first, second]) {
      const claimed = await FreightListing.findOrFail(load.id)
      const booking = await Booking.findOrFail(claimed.shipmentId)
      assert.equal(booking.vettingSnapshot!.result, 'pass')
      assert.lengthOf(booking.vettingSnapshot!.checks, 7)
    }
  })

  test('a failing claimant gets a 403 with its failing checks; the load stays open', async ({
    client,
    assert,
  }) => {
    const { user } = await carrierWithCensus({ liabilityInsuranceOnFileCents: 500_000_00 })
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const res = await claim(client, user, load.id)
    res.assertStatus(403)
    assert.equal(
      res.body().message,
      'Your carrier vetting did not pass: $500,000 on file, below the $750,000 minimum'
    )
    assert.equal((await FreightListing.findOrFail(load.id)).status, 'OPEN')
    assert.lengthOf(await Booking.all(), 0)
  })

  test('a census that does not answer, with no fresh vetting, is a 503 and claims nothing', async ({
    client,
    assert,
  }) => {
    const { user } = await carrierWithCensus()
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    testCensus.failNext('unavailable')
    const res = await claim(client, user, load.id)
    res.assertStatus(503)
    assert.equal((await FreightListing.findOrFail(load.id)).status, 'OPEN')
  })
})

test.group('Re-check at dispatch: the bill of lading', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  test('the BOL prints the vetting frozen on the booking', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const booking = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'paid',
      vettingSnapshot: {
        driver: 'census_file',
        checkedAt: '2026-11-20T15:00:00.000Z',
        result: 'pass',
        checks: [
          {
            key: 'out_of_service',
            label: 'No out-of-service order',
            result: 'pass',
            reason: 'No out-of-service order on record',
          },
        ],
      },
    })
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(booking.id, 'booked', { userId: null, role: 'system' })
    const bol = await BillOfLading.findByOrFail('bookingId', booking.id)
    const text = pdfText(await drive.use().getBytes(bol.pdfUrl!))
    assert.include(text, 'Carrier vetting at booking')
    // 15:00 UTC is 10:00 in New York, the business time zone
    assert.include(text, '20 Nov 2026, 10:00 ET (census_file): PASS')
    assert.include(text, 'PASS: No out-of-service order on record')
  })
})
