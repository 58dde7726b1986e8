/*
 * Revised rate confirmations (docs/decisions/0250): a change to a booked load after its rate
 * confirmation issues RC-<year>-<id>-R<n>, keeps the earlier one as superseded, asks the
 * carrier to accept the new one (holding the pickup only when issued before it) and tells
 * both parties.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import RateConfirmationService, {
  RATE_CONFIRMATION_REFUSAL,
  acceptedRateConfirmations,
  formatRateConfirmationNumber,
  staleRevision,
} from '#marketplace/services/rate_confirmation_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { acceptRateConfirmation } from '#tests/deliveries'
import { NOW, deliveredBooking } from '#finance/tests/world'
import { pdfText } from '#tests/pdf_text'

const path = (id: number) => `/api/bookings/${id}/rate-confirmation`
const accept = (client: ApiClient, user: User, id: number, body: object = {}) =>
  client
    .post(`${path(id)}/accept`)
    .json(body)
    .loginAs(user)
    .withCsrfToken()
const addLiftgate = (client: ApiClient, user: User, id: number) =>
  client
    .post(`/api/bookings/${id}/accessorials`)
    .json({ code: 'LIFTGATE', note: 'No dock at the consignee' })
    .loginAs(user)
    .withCsrfToken()

test.group('Rate confirmations: revisions after a change', (group) => {
  eachTestInTransaction(group)
  const clock = new FixedClock(NOW)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    drive.fake('fs')
    return () => {
      app.container.restore(Clock)
      drive.restore('fs')
    }
  })

  test('an accessorial added on the road issues R1: the first kept as superseded, the PDF says why, both told, the delivery not held', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser, shipper } = await deliveredBooking({
      status: 'in_transit',
      deliveredAt: null,
    })
    await acceptRateConfirmation(booking.id, carrierUser.id)
    const first = formatRateConfirmationNumber(2026, booking.id)
    const events = emitter.fake(['booking:rate_confirmation'])
    try {
      ;(await addLiftgate(client, carrierUser, booking.id)).assertStatus(201)
      events.assertEmitted('booking:rate_confirmation', ({ data }) => {
        return data.bookingId === booking.id && data.change === 'rate_confirmation_revised'
      })
    } finally {
      emitter.restore()
    }

    const read = await client.get(path(booking.id)).loginAs(shipper)
    read.assertStatus(200)
    const body = read.body()
    assert.containsSubset(body, {
      number: `${first}-R1`,
      revision: 1,
      status: 'issued',
      holdsPickup: false,
      accepted: null,
    })
    assert.match(body.reason, /^Accessorial added: .*Liftgate.*\$/i)
    assert.isAbove(body.accessorialsCents, 0)
    assert.deepEqual(
      body.revisions.map((r: { number: string; status: string }) => [r.number, r.status]),
      [
        [first, 'superseded'],
        [`${first}-R1`, 'issued'],
      ]
    )
    assert.equal(body.revisions[0].accepted.name, 'Test Carrier')
    assert.notEqual(body.revisions[0].downloadUrl, body.downloadUrl)

    const rows = await db
      .from('rate_confirmations')
      .where('booking_id', booking.id)
      .orderBy('revision')
    assert.lengthOf(rows, 2)
    assert.isNotNull(rows[0].superseded_at)
    assert.isNull(rows[1].superseded_at)
    const doc = await db.from('documents').where('id', rows[1].document_id).first()
    const text = pdfText(await drive.use().getBytes(doc.url))
    for (const expected of [
      `${first}-R1`,
      'Supersedes',
      first,
      'Revised because',
      '(added after booking)',
    ]) {
      assert.include(text, expected)
    }
    // After the pickup the revision asks for acceptance but holds nothing.
    assert.isTrue((await acceptedRateConfirmations([booking.id])).has(booking.id))

    // Accepting the old one is a 409 naming the new one; the new one is accepted.
    const stale = await accept(client, carrierUser, booking.id, { number: first })
    stale.assertStatus(409)
    assert.deepEqual(stale.body(), { message: staleRevision(`${first}-R1`) })
    const ok = await accept(client, carrierUser, booking.id, { number: `${first}-R1` })
    ok.assertStatus(200)
    assert.containsSubset(ok.body(), { number: `${first}-R1`, status: 'accepted' })
    assert.equal(ok.body().revisions[1].status, 'accepted')

    // Removing the charge is a change too: R2.
    const charge = await db.from('booking_accessorials').where('booking_id', booking.id).first()
    ;(
      await client
        .delete(`/api/bookings/${booking.id}/accessorials/${charge.id}`)
        .loginAs(carrierUser)
        .withCsrfToken()
    ).assertStatus(204)
    const again = await client.get(path(booking.id)).loginAs(carrierUser)
    assert.equal(again.body().number, `${first}-R2`)
    assert.match(again.body().reason, /^Accessorial removed/)
    assert.deepEqual(
      again.body().revisions.map((r: { status: string }) => r.status),
      ['superseded', 'superseded', 'issued']
    )

    // Every revision is in the Document Hub.
    const hub = await client
      .get('/api/tms/documents')
      .qs({ shipment: String(booking.id), type: 'RATE_CONFIRMATION' })
      .loginAs(shipper)
    assert.equal(hub.body().meta.total, 3)
  })

  test('a revision before the pickup holds it until the carrier accepts the new one', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser } = await deliveredBooking({
      status: 'confirmed',
      deliveredAt: null,
      pickupDate: businessDateColumn(clock, 0),
      deliveryDate: businessDateColumn(clock, 1),
    })
    await acceptRateConfirmation(booking.id, carrierUser.id)
    const confirmations = await app.container.make(RateConfirmationService)
    const revised = await confirmations.revise(booking.id, 'Pickup moved to the afternoon')
    assert.equal(revised?.revision, 1)
    assert.isTrue(revised?.holdsPickup)

    const early = await client
      .put(`/api/bookings/${booking.id}/status`)
      .json({ status: 'in_transit' })
      .loginAs(carrierUser)
      .withCsrfToken()
    early.assertStatus(409)
    assert.deepEqual(early.body(), { message: RATE_CONFIRMATION_REFUSAL })
    const list = await client.get('/api/carrier/bookings').loginAs(carrierUser)
    const row = list.body().find((b: { id: number }) => b.id === booking.id)
    assert.equal(row.inTransitBlockedReason, RATE_CONFIRMATION_REFUSAL)

    ;(await accept(client, carrierUser, booking.id)).assertStatus(200)
    assert.isTrue((await acceptedRateConfirmations([booking.id])).has(booking.id))
  })

  test('no revision before the first is issued, nor on a cancelled booking', async ({ assert }) => {
    const confirmations = await app.container.make(RateConfirmationService)
    const { booking } = await deliveredBooking({ status: 'in_transit', deliveredAt: null })
    assert.isNull(await confirmations.revise(booking.id, 'Nothing issued yet'))
    assert.lengthOf(await db.from('rate_confirmations').where('booking_id', booking.id), 0)

    const other = await deliveredBooking({ status: 'in_transit', deliveredAt: null })
    await confirmations.show(other.booking.id)
    await db.from('bookings').where('id', other.booking.id).update({ status: 'cancelled' })
    assert.isNull(await confirmations.revise(other.booking.id, 'Too late'))
    assert.lengthOf(await db.from('rate_confirmations').where('booking_id', other.booking.id), 1)
  })

  test('the number read: malformed is a 422 naming it, unknown a 404; shippers 403, other carriers 404', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser, shipper } = await deliveredBooking({
      status: 'in_transit',
      deliveredAt: null,
    })
    const stranger = await makeUser('carrier', { isApproved: true })
    const bad = await accept(client, carrierUser, booking.id, { number: 'RC-nope' })
    bad.assertStatus(422)
    assert.containsSubset(bad.body().errors, [{ field: 'number', rule: 'regex' }])
    const notANumber = await accept(client, carrierUser, booking.id, { number: 42 })
    notANumber.assertStatus(422)
    assert.containsSubset(notANumber.body().errors, [{ field: 'number' }])
    const unknown = await accept(client, carrierUser, booking.id, { number: 'RC-2026-0000001-R9' })
    unknown.assertStatus(404)
    assert.lengthOf(
      await db
        .from('rate_confirmations')
        .where('booking_id', booking.id)
        .whereNotNull('accepted_at'),
      0
    )
    ;(await accept(client, shipper, booking.id)).assertStatus(403)
    ;(await accept(client, stranger, booking.id)).assertStatus(404)
  })
})
