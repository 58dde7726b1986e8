import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import { formatUsd, quickPayFee, splitPayout } from '#core/money'
import Carrier from '#fleet/models/carrier'
import Booking from '#marketplace/models/booking'
import RateConfirmation from '#marketplace/models/rate_confirmation'
import { RATE_CONFIRMATION_REFUSAL } from '#marketplace/services/rate_confirmation_service'
import DocumentService from '#tms/services/document_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { paidBooking, makeCarrier } from '#payments/tests/payout_fixtures'
import { pdfText } from '#tests/pdf_text'

/** 10:00 in New York on Thursday 2026-03-05. */
const NOW = DateTime.fromISO('2026-03-05T15:00:00Z')

const path = (id: number) => `/api/bookings/${id}/rate-confirmation`

const accept = (client: ApiClient, user: User, id: number, body: object = {}) =>
  client
    .post(`${path(id)}/accept`)
    .json(body)
    .header('user-agent', 'RateConTest/1.0')
    .loginAs(user)
    .withCsrfToken()

const setStatus = (client: ApiClient, carrier: User, id: number, status: string) =>
  client.put(`/api/bookings/${id}/status`).json({ status }).loginAs(carrier).withCsrfToken()

test.group('Rate confirmations: issued once paid, accepted by the carrier', (group) => {
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

  async function world(overrides: Partial<Booking> = {}) {
    const carrier = await makeUser('carrier', {
      isApproved: true,
      firstName: 'Carla',
      lastName: 'Hauler',
    })
    const shipper = await makeUser('shipper', {
      firstName: 'Sam',
      lastName: 'Shipper',
    })
    const listing = await makeListing(carrier)
    const booking = await makeBooking(shipper, listing, {
      pickupDate: businessDateColumn(clock, 0),
      deliveryDate: businessDateColumn(clock, 1),
      ...overrides,
    })
    return { carrier, shipper, listing, booking }
  }

  test('a paid booking: both parties read it; the PDF names both companies, the load, the pay and the terms', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await world({ specialInstructions: 'Dock 4' })
    const read = await client.get(path(booking.id)).loginAs(shipper)
    read.assertStatus(200)
    const total = Math.round(Number(booking.totalAmount) * 100)
    const { payoutCents } = splitPayout(total)
    assert.containsSubset(read.body(), {
      bookingId: booking.id,
      number: `RC-2026-${String(booking.id).padStart(7, '0')}`,
      status: 'issued',
      lineHaulCents: total,
      accessorialsCents: 0,
      carrierPayCents: payoutCents,
      termsVersion: '2025-01-15',
      accepted: null,
    })
    const byCarrier = await client.get(path(booking.id)).loginAs(carrier)
    byCarrier.assertStatus(200)
    assert.deepEqual(byCarrier.body(), read.body())

    // The PDF, downloaded as the Document Hub serves it, read as text.
    const pdf = await client.get(read.body().downloadUrl).loginAs(carrier)
    pdf.assertStatus(200)
    const rows = await RateConfirmation.query().where('bookingId', booking.id)
    assert.lengthOf(rows, 1)
    const doc = await db.from('documents').where('id', rows[0].documentId).first()
    assert.equal(doc.type, 'RATE_CONFIRMATION')
    const text = pdfText(await drive.use().getBytes(doc.url))
    const company = (await Carrier.findByOrFail('userId', carrier.id)).companyName
    for (const expected of [
      'Rate Confirmation',
      rows[0].number,
      'Sam Shipper',
      company,
      'Dock 4',
      '5 Mar 2026',
      formatUsd(total),
      formatUsd(payoutCents),
      `fee ${formatUsd(quickPayFee(payoutCents))} (2%)`,
      'Paid 48 h after delivery, or when the shipper completes the booking',
      'PalletLine terms 2025-01-15',
    ]) {
      assert.include(text, expected)
    }

    // The Document Hub lists it among the booking's documents.
    const hub = await client
      .get('/api/tms/documents')
      .qs({ shipment: String(booking.id) })
      .loginAs(shipper)
    hub.assertStatus(200)
    assert.include(
      hub.body().data.map((d: { type: string }) => d.type),
      'RATE_CONFIRMATION'
    )
  })

  test('issued when the payment succeeds, once however often it is asked', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const booking = await paidBooking(shipper, carrier.listing)
    const rows = await RateConfirmation.query().where('bookingId', booking.id)
    assert.lengthOf(rows, 1)
    const documents = await app.container.make(DocumentService)
    await Promise.all([
      documents.issueRateConfirmation(booking.id),
      documents.issueRateConfirmation(booking.id),
    ])
    assert.lengthOf(await RateConfirmation.query().where('bookingId', booking.id), 1)
    const docs = await db
      .from('documents')
      .where('booking_id', booking.id)
      .where('type', 'RATE_CONFIRMATION')
    assert.lengthOf(docs, 1)
  })

  test('an unpaid booking has none: 404 to read and to accept, nothing written', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await world({
      status: 'pending',
      paymentStatus: 'pending',
    })
    const message = 'No rate confirmation yet: it is issued once the booking is paid'
    const read = await client.get(path(booking.id)).loginAs(shipper)
    read.assertStatus(404)
    assert.deepEqual(read.body(), { message })
    const accepted = await accept(client, carrier, booking.id)
    accepted.assertStatus(404)
    assert.deepEqual(accepted.body(), { message })
    assert.lengthOf(await RateConfirmation.query().where('bookingId', booking.id), 0)
  })

  test('the carrier accepts: name, time, IP and user agent recorded; again changes nothing; the shipper sees it', async ({
    client,
    assert,
  }) => {
    const { carrier, shipper, booking } = await world()
    const first = await accept(client, carrier, booking.id)
    first.assertStatus(200)
    assert.equal(first.body().status, 'accepted')
    assert.deepEqual(first.body().accepted, { at: NOW.toUTC().toISO(), name: 'Carla Hauler' })
    const row = await RateConfirmation.findByOrFail('bookingId', booking.id)
    assert.equal(row.acceptedByUserId, carrier.id)
    assert.equal(row.acceptedUserAgent, 'RateConTest/1.0')
    assert.isString(row.acceptedIp)
    assert.isAbove(row.acceptedIp!.length, 0)

    clock.set(NOW.plus({ minutes: 5 }))
    const again = await accept(client, carrier, booking.id, { name: 'Someone Else' })
    again.assertStatus(200)
    assert.deepEqual(again.body(), first.body())

    const shipperView = await client.get(path(booking.id)).loginAs(shipper)
    assert.deepEqual(shipperView.body().accepted, { at: NOW.toUTC().toISO(), name: 'Carla Hauler' })
  })

  test('the name signed: as typed, trimmed; bad input is a 422 naming the field', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await world()
    for (const [body, message] of [
      [{ name: 'A' }, 'Name must have at least 2 characters'],
      [{ name: 'x'.repeat(201) }, 'Name must have at most 200 characters'],
      [{ name: 42 }, 'Name must be text'],
    ] as const) {
      const refused = await accept(client, carrier, booking.id, body)
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'name')
      assert.equal(refused.body().errors[0].message, message)
    }
    assert.isNull((await RateConfirmation.findBy('bookingId', booking.id))?.acceptedAt ?? null)
    const signed = await accept(client, carrier, booking.id, { name: '  Dana Dispatch ' })
    signed.assertStatus(200)
    assert.equal(signed.body().accepted.name, 'Dana Dispatch')
  })

  test('forbidden roles 403, foreign bookings 404, anonymous 401', async ({ client, assert }) => {
    const { shipper, booking } = await world()
    const admin = await makeUser('admin')
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false, approvalStatus: 'pending' })

    ;(await accept(client, shipper, booking.id)).assertStatus(403)
    ;(await accept(client, pending, booking.id)).assertStatus(403)
    ;(await client.get(path(booking.id)).loginAs(admin)).assertStatus(403)
    const foreign = await accept(client, otherCarrier, booking.id)
    foreign.assertStatus(404)
    assert.deepEqual(foreign.body(), { message: 'Booking not found' })
    ;(await client.get(path(booking.id)).loginAs(otherCarrier)).assertStatus(404)
    ;(await client.get(path(booking.id)).loginAs(otherShipper)).assertStatus(404)
    ;(await client.get(path(booking.id))).assertStatus(401)
    ;(await client.get(path(999999)).loginAs(shipper)).assertStatus(404)
    assert.isNull((await RateConfirmation.findBy('bookingId', booking.id))?.acceptedAt ?? null)
  })

  test('a cancelled booking cannot be accepted (409)', async ({ client, assert }) => {
    const { carrier, booking } = await world()
    await client.get(path(booking.id)).loginAs(carrier)
    await Booking.query().where('id', booking.id).update({ status: 'cancelled' })
    const refused = await accept(client, carrier, booking.id)
    refused.assertStatus(409)
    assert.equal(
      refused.body().message,
      'The booking is cancelled: its rate confirmation cannot be accepted'
    )
  })

  test('no pickup before it is accepted: 409, the list says why, then in transit', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await world({ status: 'confirmed' })
    const early = await setStatus(client, carrier, booking.id, 'in_transit')
    early.assertStatus(409)
    assert.deepEqual(early.body(), { message: RATE_CONFIRMATION_REFUSAL })
    assert.equal((await Booking.findOrFail(booking.id)).status, 'confirmed')

    const list = await client.get('/api/carrier/bookings').loginAs(carrier)
    const row = list.body().find((b: { id: number }) => b.id === booking.id)
    assert.equal(row.inTransitBlockedReason, RATE_CONFIRMATION_REFUSAL)
    assert.notInclude(row.allowedStatuses, 'in_transit')

    // A delay may be reported, but it does not open the road either.
    ;(await setStatus(client, carrier, booking.id, 'delayed')).assertStatus(200)
    const delayed = await setStatus(client, carrier, booking.id, 'delivered')
    delayed.assertStatus(409)
    assert.deepEqual(delayed.body(), { message: RATE_CONFIRMATION_REFUSAL })

    ;(await accept(client, carrier, booking.id)).assertStatus(200)
    const picked = await setStatus(client, carrier, booking.id, 'in_transit')
    picked.assertStatus(200)
    assert.equal(picked.body().status, 'in_transit')
  })
})
