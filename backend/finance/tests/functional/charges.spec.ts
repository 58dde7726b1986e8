import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Clock, FixedClock } from '#core/clock'
import Document from '#tms/models/document'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  DETENTION_EXISTS,
  INVOICE_ISSUED,
  NOT_ON_THE_ROAD,
  NO_DETENTION,
  NO_STOP_TIME,
  USE_DETENTION,
} from '#finance/services/booking_evidence_service'
import { DELIVERY_TIMES, NOW, deliveredBooking, financeRows } from '#finance/tests/world'

const clock = new FixedClock(NOW)

test.group('Booking charges: check-in/out, accessorials with evidence, detention', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('the carrier records check-in and check-out; both parties see the detention due', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser, shipper } = await deliveredBooking()
    const res = await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json(DELIVERY_TIMES)
      .loginAs(carrierUser)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      bookingId: booking.id,
      freeMinutes: 120,
      detentionHourlyRate: 75,
      stops: [
        {
          stop: 'DELIVERY',
          arrivedAt: DELIVERY_TIMES.arrivedAt,
          departedAt: DELIVERY_TIMES.departedAt,
          dwellMinutes: 200,
          detentionHours: 1.5,
          detentionAmount: 112.5,
          detentionBilled: false,
        },
      ],
      charges: [],
    })
    // Recording the stop again replaces it.
    const again = await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json({ ...DELIVERY_TIMES, departedAt: '2026-03-04T15:00:00.000Z' })
      .loginAs(carrierUser)
      .withCsrfToken()
    again.assertStatus(200)
    assert.equal(again.body().stops[0].detentionHours, 0)
    assert.lengthOf(await db.from('stop_times').where('booking_id', booking.id), 1)

    const seen = await client.get(`/api/bookings/${booking.id}/charges`).loginAs(shipper)
    seen.assertStatus(200)
    assert.equal(seen.body().stops[0].dwellMinutes, 120)
  })

  test('bad times are refused with a clear message and change nothing', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser } = await deliveredBooking()
    const before = await financeRows()
    const put = (body: Record<string, unknown>) =>
      client
        .put(`/api/bookings/${booking.id}/stop-times`)
        .json(body)
        .loginAs(carrierUser)
        .withCsrfToken()
    const backwards = await put({ ...DELIVERY_TIMES, departedAt: '2026-03-04T12:00:00.000Z' })
    backwards.assertStatus(422)
    assert.containsSubset(backwards.body().errors, [
      { field: 'departedAt', message: 'Departure must be after arrival', rule: 'after' },
    ])
    const future = await put({ ...DELIVERY_TIMES, departedAt: '2026-03-05T12:00:00.000Z' })
    assert.containsSubset(future.body().errors, [
      { field: 'departedAt', message: 'Departure cannot be in the future' },
    ])
    const tooLong = await put({ ...DELIVERY_TIMES, arrivedAt: '2026-02-28T12:00:00.000Z' })
    assert.containsSubset(tooLong.body().errors, [{ field: 'departedAt', rule: 'maxStay' }])
    const garbage = await put({ stop: 'DOCK', arrivedAt: 'soon', departedAt: '2026-03-04' })
    garbage.assertStatus(422)
    assert.containsSubset(garbage.body().errors, [
      { field: 'stop', message: 'Stop must be PICKUP or DELIVERY' },
      { field: 'arrivedAt', message: 'Arrival must be a date and time' },
      { field: 'departedAt', message: 'Departure must be a date and time' },
    ])
    assert.equal(await financeRows(), before)
  })

  test('only the booking’s carrier records; others get 403 or 404 and nothing changes', async ({
    client,
    assert,
  }) => {
    const { booking, shipper } = await deliveredBooking()
    const before = await financeRows()
    const url = `/api/bookings/${booking.id}/stop-times`
    const stranger = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const otherShipper = await makeUser('shipper')
    ;(await client.put(url).json(DELIVERY_TIMES).loginAs(shipper).withCsrfToken()).assertStatus(403)
    ;(await client.put(url).json(DELIVERY_TIMES).loginAs(stranger).withCsrfToken()).assertStatus(
      404
    )
    ;(await client.put(url).json(DELIVERY_TIMES).loginAs(pending).withCsrfToken()).assertStatus(403)
    ;(await client.put(url).json(DELIVERY_TIMES).withCsrfToken()).assertStatus(401)
    const read = `/api/bookings/${booking.id}/charges`
    ;(await client.get(read).loginAs(otherShipper)).assertStatus(404)
    ;(await client.get(read).loginAs(stranger)).assertStatus(404)
    ;(await client.get(`/api/bookings/999999/charges`).loginAs(shipper)).assertStatus(404)
    assert.equal(await financeRows(), before)
  })

  test('charges wait until the booking is on the road', async ({ client, assert }) => {
    const { booking, carrierUser } = await deliveredBooking({ status: 'booked' })
    const res = await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json(DELIVERY_TIMES)
      .loginAs(carrierUser)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, NOT_ON_THE_ROAD)
  })

  test('the carrier adds an accessorial priced from the master, with a note and a document', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser, shipper, carrierId } = await deliveredBooking()
    const pod = await Document.create({
      bookingId: booking.id,
      shipperId: shipper.id,
      carrierId,
      type: 'POD',
      url: `bookings/${booking.id}/pod.pdf`,
    })
    const res = await client
      .post(`/api/bookings/${booking.id}/accessorials`)
      .json({
        code: 'liftgate',
        quantity: 2,
        note: 'Dock was closed, liftgate at both ends',
        documentId: pod.id,
      })
      .loginAs(carrierUser)
      .withCsrfToken()
    res.assertStatus(201)
    assert.containsSubset(res.body(), {
      code: 'LIFTGATE',
      quantity: 2,
      unitPrice: 75,
      amount: 150,
      source: 'CARRIER',
      note: 'Dock was closed, liftgate at both ends',
      documentId: pod.id,
      createdAt: NOW.toUTC().toISO(),
    })
    const removed = await client
      .delete(`/api/bookings/${booking.id}/accessorials/${res.body().id}`)
      .loginAs(carrierUser)
      .withCsrfToken()
    removed.assertStatus(204)
    assert.lengthOf(await db.from('booking_accessorials'), 0)
  })

  test('bad accessorials are refused: unknown code, detention, no note, a foreign document', async ({
    client,
    assert,
  }) => {
    const { booking, carrierUser } = await deliveredBooking()
    const other = await deliveredBooking()
    const foreign = await Document.create({
      bookingId: other.booking.id,
      shipperId: other.shipper.id,
      carrierId: other.carrierId,
      type: 'POD',
      url: `bookings/${other.booking.id}/pod.pdf`,
    })
    const before = await financeRows()
    const post = (body: Record<string, unknown>) =>
      client
        .post(`/api/bookings/${booking.id}/accessorials`)
        .json(body)
        .loginAs(carrierUser)
        .withCsrfToken()
    const unknown = await post({ code: 'GOLD_PLATING', note: 'Because we can' })
    unknown.assertStatus(422)
    assert.containsSubset(unknown.body().errors, [
      { field: 'code', message: 'Unknown accessorial code' },
    ])
    const detention = await post({ code: 'DETENTION_HR', note: 'Waited for hours' })
    assert.containsSubset(detention.body().errors, [{ field: 'code', message: USE_DETENTION }])
    const noNote = await post({ code: 'LIFTGATE' })
    assert.containsSubset(noNote.body().errors, [
      { field: 'note', message: 'Describe what happened (the evidence)' },
    ])
    const badQuantity = await post({ code: 'LIFTGATE', note: 'Liftgate used', quantity: 0 })
    assert.containsSubset(badQuantity.body().errors, [{ field: 'quantity' }])
    const stolen = await post({ code: 'LIFTGATE', note: 'Liftgate used', documentId: foreign.id })
    stolen.assertStatus(422)
    assert.containsSubset(stolen.body().errors, [
      { field: 'documentId', message: 'Not a document uploaded for this booking' },
    ])
    assert.equal(await financeRows(), before)
  })

  test('detention is billed from the recorded times, once per stop', async ({ client, assert }) => {
    const { booking, carrierUser } = await deliveredBooking()
    const detention = (stop: string) =>
      client
        .post(`/api/bookings/${booking.id}/detention`)
        .json({ stop })
        .loginAs(carrierUser)
        .withCsrfToken()
    const none = await detention('DELIVERY')
    none.assertStatus(422)
    assert.containsSubset(none.body().errors, [{ field: 'stop', message: NO_STOP_TIME }])

    await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json({ ...DELIVERY_TIMES, stop: 'PICKUP', departedAt: '2026-03-04T14:30:00.000Z' })
      .loginAs(carrierUser)
      .withCsrfToken()
    const free = await detention('PICKUP')
    assert.containsSubset(free.body().errors, [{ field: 'stop', message: NO_DETENTION }])

    await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json(DELIVERY_TIMES)
      .loginAs(carrierUser)
      .withCsrfToken()
    const billed = await detention('DELIVERY')
    billed.assertStatus(201)
    assert.containsSubset(billed.body(), {
      code: 'DETENTION_HR',
      quantity: 1.5,
      unitPrice: 75,
      amount: 112.5,
      stop: 'DELIVERY',
      startedAt: DELIVERY_TIMES.arrivedAt,
      endedAt: DELIVERY_TIMES.departedAt,
    })
    const twice = await detention('DELIVERY')
    twice.assertStatus(409)
    assert.equal(twice.body().message, DETENTION_EXISTS)
    // The times detention rests on cannot change under it.
    const moved = await client
      .put(`/api/bookings/${booking.id}/stop-times`)
      .json({ ...DELIVERY_TIMES, departedAt: '2026-03-04T18:00:00.000Z' })
      .loginAs(carrierUser)
      .withCsrfToken()
    moved.assertStatus(409)
    const view = await client.get(`/api/bookings/${booking.id}/charges`).loginAs(carrierUser)
    assert.isTrue(view.body().stops.find((s: any) => s.stop === 'DELIVERY').detentionBilled)
    assert.lengthOf(view.body().charges, 1)
  })

  test('an issued invoice locks the evidence', async ({ client, assert }) => {
    const { booking, carrierUser } = await deliveredBooking()
    const draft = await client
      .post(`/api/bookings/${booking.id}/advanced-invoices`)
      .loginAs(carrierUser)
      .withCsrfToken()
    await client
      .post(`/api/advanced-invoices/${draft.body().id}/issue`)
      .loginAs(carrierUser)
      .withCsrfToken()
    const late = await client
      .post(`/api/bookings/${booking.id}/accessorials`)
      .json({ code: 'LIFTGATE', note: 'Forgot this one' })
      .loginAs(carrierUser)
      .withCsrfToken()
    late.assertStatus(409)
    assert.equal(late.body().message, INVOICE_ISSUED)
  })

  test('the price list is readable by shippers and carriers', async ({ client, assert }) => {
    const { shipper } = await deliveredBooking()
    const res = await client.get('/api/accessorials').loginAs(shipper)
    res.assertStatus(200)
    assert.deepInclude(res.body().accessorials, {
      code: 'DETENTION_HR',
      description: 'Detention, per hour after 2 free hours',
      defaultPrice: 75,
    })
    ;(await client.get('/api/accessorials')).assertStatus(401)
  })
})
