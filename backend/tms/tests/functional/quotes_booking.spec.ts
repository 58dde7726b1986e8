import { inflateSync } from 'node:zlib'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import type { FakePartnerCarrier } from '#plugins/partner_carriers/main'
import { Clock, FixedClock } from '#core/clock'
import { businessToday } from '#core/business_time'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import { SIGNATURE_HEADER, signPush } from '#plugins/tms_feeds/main'
import { pushSecret } from '#config/tms_feeds'
import FeedPushService from '#tms/services/feed_push_service'
import {
  businessDayFromToday,
  eachTestInTransaction,
  inProcessZone,
  makeUser,
} from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'

const QUOTES = '/api/tms/quotes'
const LANE = { origin: { postal: '60601' }, destination: { postal: '48201' } }

let partner: FakePartnerCarrier

/** A PDF's text, whether its streams are plain or Flate (pdf-lib), hex strings decoded. */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes)
  const latin1 = raw.toString('latin1')
  let text = ''
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

async function quotesFor(client: any, shipper: User, body: Record<string, unknown> = LANE) {
  const res = await client.post(QUOTES).json(body).loginAs(shipper).withCsrfToken()
  res.assertStatus(200)
  return res.body().quotes as any[]
}

const lakeshoreOf = (quotes: any[]) =>
  quotes.find((q) => q.provider === 'ltl_partner' && q.service_level === 'STANDARD')

const bookingCount = async () => Number((await Booking.query().count('* as n').first())!.$extras.n)

/** POST /api/tms/quotes/:id/book as this user. */
const bookQuote = (client: any, user: User, quoteId: number, body: Record<string, unknown>) =>
  client.post(`${QUOTES}/${quoteId}/book`).json(body).loginAs(user).withCsrfToken()

test.group('POST /api/tms/quotes/:id/book', (group) => {
  eachTestInTransaction(group)
  group.each.setup(async () => {
    await seedReferenceRows()
    partner = partnerCarriers.fake()
  })
  group.each.teardown(() => {
    partnerCarriers.restore()
    app.container.restore(Clock)
  })

  test('a shipper books a partner quote: the partner fields filled, then it can be paid', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const pickupDate = businessDayFromToday(2)
    const res = await bookQuote(client, shipper, quote.id, {
      pickup_date: pickupDate,
      pickup_address: '200 E Randolph St',
    })
    res.assertStatus(201)
    const { booking_id: id, reference, payment_url: paymentUrl } = res.body()
    assert.equal(reference, `TRT-${String(id).padStart(3, '0')}`)
    assert.equal(paymentUrl, `/payment/${id}`)

    const [call] = partner.calls
    assert.equal(call.method, 'book')
    const input = call.args[0] as any
    assert.equal(input.idempotencyKey, `tms-quote-${quote.id}-user-${shipper.id}`)
    assert.match(input.partnerQuoteId, /^LFL-/)
    assert.include(input, { pallets: 1, weightLbs: 1000, mode: 'LTL', pickupDate })
    assert.include(input.origin, { postal: '60601', state: 'IL' })

    const booking = await Booking.findOrFail(id)
    assert.equal(booking.shipperId, shipper.id)
    assert.isNull(booking.carrierId)
    // The driver the quote named when it was made (docs/decisions/0180), faked here.
    assert.equal(booking.provider, 'demo_partner')
    assert.equal(booking.bookingType, 'partner:lakeshore')
    assert.equal(booking.partnerQuoteId, input.partnerQuoteId)
    assert.equal(booking.partnerShipmentId, 'fake_shp_1')
    assert.match(booking.partnerProNumber!, /^\d{10}$/)
    assert.match(booking.partnerTrackingUrl!, /^https:\/\/fake-partner\.test\/track\//)
    assert.equal(booking.pickupConfirmationNumber, 'FAKE1')
    assert.equal(booking.pickupWindowStart!.toUTC().toISO(), `${pickupDate}T09:00:00.000Z`)
    assert.equal(booking.pickupWindowEnd!.toUTC().toISO(), `${pickupDate}T17:00:00.000Z`)
    assert.deepInclude(booking.partnerPayload as any, {
      partner: { fake: true, id: 'fake_shp_1', pro: booking.partnerProNumber },
    })
    assert.equal((booking.partnerPayload as any).quote.id, quote.id)
    assert.equal(booking.totalAmount, quote.total)
    assert.equal(booking.status, 'pending')
    assert.equal(booking.paymentStatus, 'pending')
    assert.equal(booking.pickupZip, '60601')
    assert.equal(booking.pickupAddress, '200 E Randolph St')
    assert.equal(booking.deliveryZip, '48201')
    assert.equal(booking.pickupDate!.toISODate(), pickupDate)
    assert.equal(
      booking.deliveryDate!.toISODate(),
      DateTime.fromISO(pickupDate).plus({ days: quote.transit_days }).toISODate()
    )

    // The shipper's bookings name the partner (no anonymous label) and its references.
    const listed = await client.get(`/api/bookings/${id}`).loginAs(shipper)
    listed.assertStatus(200)
    assert.equal(listed.body().carrierName, 'Lakeshore Freight LTL')
    assert.deepEqual(listed.body().partner, {
      carrier: 'Lakeshore Freight LTL',
      carrierKey: 'lakeshore',
      serviceLevel: 'STANDARD',
      proNumber: booking.partnerProNumber,
      trackingUrl: booking.partnerTrackingUrl,
      confirmationNumber: 'FAKE1',
      pickupWindowStart: booking.pickupWindowStart!.toISO(),
      pickupWindowEnd: booking.pickupWindowEnd!.toISO(),
    })

    const intent = await client
      .post('/api/create-payment-intent')
      .json({ bookingId: id, amount: quote.total })
      .loginAs(shipper)
      .withCsrfToken()
    intent.assertStatus(200)
    assert.equal(intent.body().amount, quote.total)

    // Booking the same quote again answers the same booking; the partner books nothing new.
    const again = await bookQuote(client, shipper, quote.id, { pickup_date: pickupDate })
    again.assertStatus(200)
    assert.equal(again.body().booking_id, id)
    assert.lengthOf(partner.calls, 1)
    assert.equal(await bookingCount(), 1)
  })

  test('without a shipper reference the partner gets the booking’s own: the answer, the BOL and the pushes agree', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const res = await bookQuote(client, shipper, quote.id, { pickup_date: businessDayFromToday(2) })
    res.assertStatus(201)
    const { booking_id: id, reference } = res.body()
    assert.equal(reference, `TRT-${String(id).padStart(3, '0')}`)

    // The partner was asked with the reference the integrator is answered.
    const [call] = partner.calls
    assert.equal((call.args[0] as any).shipperReference, reference)
    // Its BOL prints it (the fake partner answers "pending" to its first fetch).
    const booking = await Booking.findOrFail(id)
    const driver = await partnerCarriers.use('demo_partner')
    await driver.fetchBol(booking.partnerShipmentId!)
    const bol = await driver.fetchBol(booking.partnerShipmentId!)
    assert.isTrue(bol.ok && bol.status === 'ready')
    assert.include(pdfText((bol as { pdf: Uint8Array }).pdf), `Shipper reference: ${reference}`)

    // A status push naming the shipment by that reference lands on this booking.
    const rawBody = JSON.stringify({
      shipment: reference,
      events: [{ id: 'ref-1', code: 'AF', time: DateTime.now().toISO() }],
    })
    const signature = signPush(rawBody, pushSecret('demo_partner'), Math.floor(Date.now() / 1000))
    const pushes = await app.container.make(FeedPushService)
    const pushed = await pushes.receive('demo_partner', { [SIGNATURE_HEADER]: signature }, rawBody)
    assert.deepEqual(pushed, { status: 200, body: { received: 1, duplicates: 0 } })
    const events = await client.get(`/api/tms/shipments/${id}/events`).loginAs(shipper)
    events.assertStatus(200)
    assert.deepEqual(
      (events.body() as any[]).map((e) => e.code),
      ['AF']
    )
  })

  test('the partner’s pickup window keeps its moments in any process time zone', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const pickupDate = businessDayFromToday(2)
    await inProcessZone('Pacific/Kiritimati', async () => {
      const res = await bookQuote(client, shipper, quote.id, {
        pickup_date: pickupDate,
        pickup_address: '200 E Randolph St',
      })
      res.assertStatus(201)
      const booking = await Booking.findOrFail(res.body().booking_id)
      assert.deepEqual(
        [booking.pickupWindowStart!.toMillis(), booking.pickupWindowEnd!.toMillis()],
        [Date.parse(`${pickupDate}T09:00:00Z`), Date.parse(`${pickupDate}T17:00:00Z`)]
      )
    })
  })

  test('cancelling a partner booking cancels it at the partner first, or changes nothing', async ({
    client,
    assert,
  }) => {
    const book = async (shipper: User) => {
      const quote = lakeshoreOf(await quotesFor(client, shipper))
      const res = await bookQuote(client, shipper, quote.id, {
        pickup_date: businessDayFromToday(2),
      })
      res.assertStatus(201)
      return Booking.findOrFail(res.body().booking_id)
    }
    const cancel = (booking: Booking) =>
      client
        .post(`/api/bookings/${booking.id}/cancel`)
        .loginAs(booking.$extras.shipper)
        .withCsrfToken()
    const bookAs = async () => {
      const shipper = await makeUser('shipper')
      const booking = await book(shipper)
      booking.$extras.shipper = shipper
      return booking
    }

    // The partner cannot be reached: a 502, the booking is still pending.
    const booking = await bookAs()
    partner.failNext('cancel', 'unavailable')
    const down = await cancel(booking)
    down.assertStatus(502)
    assert.equal(
      down.body().message,
      'Lakeshore Freight LTL could not be reached to cancel this shipment; nothing was cancelled. Try again later.'
    )
    assert.equal((await Booking.findOrFail(booking.id)).status, 'pending')

    // Then it answers: cancelled there, with the booking's key, and here.
    const done = await cancel(booking)
    done.assertStatus(200)
    assert.equal(done.body().status, 'cancelled')
    const asked = partner.calls.filter((c) => c.method === 'cancel')
    assert.lengthOf(asked, 2)
    assert.deepEqual(asked[1].args.slice(0, 2), [
      booking.partnerShipmentId,
      `booking-${booking.id}-cancel`,
    ])

    // Too late at the partner (picked up): a 409 naming it, nothing changes here.
    const late = await bookAs()
    partner.failNext('cancel', 'invalid_request', { message: 'Already picked up' })
    const refused = await cancel(late)
    refused.assertStatus(409)
    assert.equal(
      refused.body().message,
      'Lakeshore Freight LTL cannot cancel this shipment any more (Already picked up)'
    )
    assert.equal((await Booking.findOrFail(late.id)).status, 'pending')
  })

  test('an expired quote is a 409 and the partner is not asked', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const clock = new FixedClock(DateTime.fromISO(quote.valid_until).plus({ seconds: 1 }))
    app.container.swap(Clock, () => clock)
    const res = await bookQuote(client, shipper, quote.id, { pickup_date: businessToday(clock) })
    res.assertStatus(409)
    assert.match(res.body().message, /^This quote expired at .+: compare rates again$/)
    assert.lengthOf(partner.calls, 0)
    assert.equal(await bookingCount(), 0)
  })

  test('someone else’s or an unknown quote is a 404; carriers and admins 403', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const body = { pickup_date: businessDayFromToday(1) }
    const other = await makeUser('shipper')
    const foreign = await bookQuote(client, other, quote.id, body)
    foreign.assertStatus(404)
    assert.equal(foreign.body().message, 'Quote not found')
    const unknown = await bookQuote(client, shipper, 999999, body)
    unknown.assertStatus(404)
    assert.equal(unknown.body().message, 'Quote not found')
    // An id that is not a number names no quote either: the same answer, not the router's.
    for (const id of ['abc', '0', '1.5', '99999999999999999999']) {
      const res = await client
        .post(`${QUOTES}/${id}/book`)
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(404)
      assert.equal(res.body().message, 'Quote not found', id)
    }
    for (const role of ['carrier', 'admin'] as const) {
      const user = await makeUser(role, { isApproved: true })
      const res = await bookQuote(client, user, quote.id, body)
      res.assertStatus(403)
    }
    assert.lengthOf(partner.calls, 0)
    assert.equal(await bookingCount(), 0)
  })

  test('a lasting partner failure is a 502 and creates nothing; a passing one is retried once', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const body = { pickup_date: businessDayFromToday(1) }
    partner.failNext('book', 'unavailable', { times: 2 })
    const res = await bookQuote(client, shipper, quote.id, body)
    res.assertStatus(502)
    assert.equal(
      res.body().message,
      'Lakeshore Freight LTL could not be reached to book this quote; nothing was booked. Try again later.'
    )
    assert.lengthOf(partner.calls, 2)
    assert.equal(await bookingCount(), 0)

    partner.failNext('book', 'rate_limited', { times: 1 })
    const retried = await bookQuote(client, shipper, quote.id, body)
    retried.assertStatus(201)
    assert.lengthOf(partner.calls, 4)
    assert.equal(await bookingCount(), 1)
    // Every attempt named the booking the partner may have acted on: the one finally created
    // (its key and its reference go together, docs/decisions/0205).
    const references = partner.calls.map((c) => (c.args[0] as any).shipperReference)
    assert.deepEqual(references, Array(4).fill(retried.body().reference))
  })

  test('a partner that no longer honours the quote is a 409; a refusal a 502', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = lakeshoreOf(await quotesFor(client, shipper))
    const body = { pickup_date: businessDayFromToday(1) }
    partner.failNext('book', 'quote_expired')
    const expired = await bookQuote(client, shipper, quote.id, body)
    expired.assertStatus(409)
    assert.equal(
      expired.body().message,
      'Lakeshore Freight LTL no longer honours this quote: compare rates again'
    )
    partner.failNext('book', 'invalid_request', { message: 'pickup.date is a holiday' })
    const refused = await bookQuote(client, shipper, quote.id, body)
    refused.assertStatus(502)
    assert.include(refused.body().message, 'refused the booking (pickup.date is a holiday)')
    assert.equal(await bookingCount(), 0)
  })

  test('the PalletLine Network quote is booked from Search (422); pickup date checked', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quotes = await quotesFor(client, shipper)
    const network = quotes.find((q) => q.provider === 'lane_model')
    const res = await bookQuote(client, shipper, network.id, {
      pickup_date: businessDayFromToday(1),
    })
    res.assertStatus(422)
    assert.match(res.body().message, /^PalletLine Network quotes are booked from Search/)

    const quote = lakeshoreOf(quotes)
    for (const [pickup, message] of [
      [undefined, 'Pickup date is required'],
      ['tomorrow', 'Pickup date must be a date, YYYY-MM-DD'],
      [businessDayFromToday(-1), 'Pickup date must be from today to 30 days ahead'],
      [businessDayFromToday(31), 'Pickup date must be from today to 30 days ahead'],
    ]) {
      const bad = await bookQuote(client, shipper, quote.id, { pickup_date: pickup })
      bad.assertStatus(422)
      assert.equal(bad.body().message, message)
    }
    assert.lengthOf(partner.calls, 0)
  })
})
