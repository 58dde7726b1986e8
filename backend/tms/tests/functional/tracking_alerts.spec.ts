import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import AlertNotification from '#tms/models/alert_notification'
import { ShipmentAlertMail } from '#tms/services/alert_mail'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'

async function shipment() {
  const shipper = await makeUser('shipper', { firstName: 'Sally' })
  const carrier = await makeUser('carrier', { isApproved: true })
  const booking = await makeBooking(shipper, await makeListing(carrier))
  // Accepted, so the carrier may report its pickup (docs/decisions/0226).
  await acceptRateConfirmation(booking.id, carrier.id)
  return { shipper, carrier, booking }
}

const reference = (id: number) => `TRT-${String(id).padStart(3, '0')}`

test.group('Alert rules: GET/POST/DELETE /api/tms/alert-rules', (group) => {
  eachTestInTransaction(group)

  test('create, list one’s own, delete', async ({ client, assert }) => {
    const { shipper, booking } = await shipment()
    const all = await client
      .post('/api/tms/alert-rules')
      .json({ name: 'Problems', triggers: ['exception', 'late'], channels: ['email', 'in_app'] })
      .loginAs(shipper)
      .withCsrfToken()
    all.assertStatus(201)
    assert.deepInclude(all.body(), {
      name: 'Problems',
      shipment: { scope: 'all' },
      triggers: ['exception', 'late'],
      channels: ['email', 'in_app'],
    })
    const one = await client
      .post('/api/tms/alert-rules')
      .json({
        name: 'Delivered',
        shipment: reference(booking.id),
        triggers: ['delivered'],
        channels: ['in_app'],
      })
      .loginAs(shipper)
      .withCsrfToken()
    one.assertStatus(201)
    assert.deepEqual(one.body().shipment, {
      scope: 'booking',
      bookingId: booking.id,
      reference: reference(booking.id),
    })

    const other = await makeUser('shipper')
    await client
      .post('/api/tms/alert-rules')
      .json({ name: 'Theirs', triggers: ['late'], channels: ['email'] })
      .loginAs(other)
      .withCsrfToken()
    const list = await client.get('/api/tms/alert-rules').loginAs(shipper)
    assert.deepEqual(
      list.body().map((r: any) => r.name),
      ['Problems', 'Delivered']
    )

    const stranger = await client
      .delete(`/api/tms/alert-rules/${all.body().id}`)
      .loginAs(other)
      .withCsrfToken()
    stranger.assertStatus(404)
    assert.deepEqual(stranger.body(), { message: 'Alert rule not found' })
    ;(
      await client.delete(`/api/tms/alert-rules/${all.body().id}`).loginAs(shipper).withCsrfToken()
    ).assertStatus(204)
    ;(
      await client.delete(`/api/tms/alert-rules/${all.body().id}`).loginAs(shipper).withCsrfToken()
    ).assertStatus(404)
    assert.lengthOf((await client.get('/api/tms/alert-rules').loginAs(shipper)).body(), 1)
    ;(await client.get('/api/tms/alert-rules')).assertStatus(401)
  })

  test('validation: name, triggers, channels, a shipment the user may follow', async ({
    client,
    assert,
  }) => {
    const { shipper } = await shipment()
    const someoneElses = await shipment()
    const good = { name: 'Rule', triggers: ['exception'], channels: ['email'] }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, name: '' }, 'name', 'Please name the alert rule'],
      [{ ...good, triggers: [] }, 'triggers', 'Choose at least one trigger'],
      [
        { ...good, triggers: ['on_fire'] },
        'triggers.0',
        'A trigger is exception, late, delivered or last_free_day',
      ],
      [{ ...good, channels: [] }, 'channels', 'Choose at least one channel'],
      [{ ...good, channels: ['sms'] }, 'channels.0', 'A channel is email or in_app'],
      [{ ...good, shipment: reference(someoneElses.booking.id) }, 'shipment', 'Shipment not found'],
      [{ ...good, shipment: 'TRT-999999' }, 'shipment', 'Shipment not found'],
    ]
    for (const [body, field, message] of cases) {
      const res = await client
        .post('/api/tms/alert-rules')
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: any) => ({ field: e.field, message: e.message })),
        { field, message },
        JSON.stringify(body)
      )
    }
    assert.lengthOf((await client.get('/api/tms/alert-rules').loginAs(shipper)).body(), 0)
  })
})

test.group('Alert rules notify once', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('an exception emails and shows in the app once; a delivered rule on one booking; late once per shipment', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { shipper, carrier, booking } = await shipment()
    // Two days after the promised delivery day: every event is late.
    const eta = DateTime.fromISO(booking.deliveryDate!.toISODate()!, { zone: 'America/New_York' })
    const clock = new FixedClock(eta.plus({ days: 2, hours: 10 }))
    app.container.swap(Clock, () => clock)
    const rule = async (body: Record<string, unknown>, user = shipper) =>
      (await client.post('/api/tms/alert-rules').json(body).loginAs(user).withCsrfToken()).body()
    const problems = await rule({
      name: 'Problems',
      triggers: ['exception', 'late'],
      channels: ['email', 'in_app'],
    })
    const delivered = await rule({
      name: 'Delivered',
      shipment: String(booking.id),
      triggers: ['delivered'],
      channels: ['in_app'],
    })
    // Someone else's rule on all their shipments hears nothing of this one.
    await rule(
      { name: 'Not mine', triggers: ['exception'], channels: ['email', 'in_app'] },
      await makeUser('shipper')
    )
    // The carrier's own rule follows its bookings too.
    const carrierRule = await rule(
      { name: 'Carrier', triggers: ['delivered'], channels: ['email'] },
      carrier
    )

    const move = (status: string) =>
      client
        .put(`/api/bookings/${booking.id}/status`)
        .json({ status })
        .loginAs(carrier)
        .withCsrfToken()
    ;(await move('in_transit')).assertStatus(200)
    clock.advance({ hours: 1 })
    ;(await move('delayed')).assertStatus(200)
    clock.advance({ hours: 1 })
    ;(await move('in_transit')).assertStatus(200)
    clock.advance({ hours: 1 })
    ;(await move('delivered')).assertStatus(200)

    const notes = await AlertNotification.query().orderBy('id', 'asc')
    assert.deepEqual(
      notes.map((n) => [n.alertRuleId, n.trigger]),
      [
        [problems.id, 'late'],
        [problems.id, 'exception'],
        [delivered.id, 'delivered'],
        [carrierRule.id, 'delivered'],
      ]
    )
    const sent = mails.sent((m) => m instanceof ShipmentAlertMail)
    assert.lengthOf(sent, 3)
    const textOf = (m: any) => {
      m.message.prepare?.()
      return { to: m.message.toJSON().message.to, text: m.message.toJSON().message.text }
    }
    const toShipper = sent.map(textOf).filter((m) => JSON.stringify(m.to).includes(shipper.email))
    assert.lengthOf(toShipper, 2)
    const exception = toShipper.find((m) => m.text.includes('Exception'))!
    assert.include(exception.text, 'Hello Sally,')
    assert.include(exception.text, `${reference(booking.id)}: Exception: Shipment delayed`)
    assert.include(exception.text, '"Problems"')
    const toCarrier = sent.map(textOf).filter((m) => JSON.stringify(m.to).includes(carrier.email))
    assert.lengthOf(toCarrier, 1)
    assert.include(toCarrier[0].text, 'Delivered at Detroit, MI')

    const inApp = await client.get('/api/tms/notifications').loginAs(shipper)
    inApp.assertStatus(200)
    assert.deepEqual(
      inApp.body().map((n: any) => [n.trigger, n.emailed, n.reference]),
      [
        ['delivered', false, reference(booking.id)],
        ['exception', true, reference(booking.id)],
        ['late', true, reference(booking.id)],
      ]
    )
    // The carrier's rule is email only: nothing in its app list.
    assert.lengthOf((await client.get('/api/tms/notifications').loginAs(carrier)).body(), 0)
  })

  test('events stored again notify nobody again', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const { shipper, carrier, booking } = await shipment()
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2026-01-05T15:00:00Z')))
    await client
      .post('/api/tms/alert-rules')
      .json({ name: 'Delays', triggers: ['exception'], channels: ['email', 'in_app'] })
      .loginAs(shipper)
      .withCsrfToken()
    const { default: TrackingService } = await import('#tms/services/tracking_service')
    const tracking = await app.container.make(TrackingService)
    const change = {
      bookingId: booking.id,
      from: 'booked' as const,
      to: 'delayed' as const,
      actorUserId: carrier.id,
      at: '2026-01-05T15:00:00.000Z',
    }
    await tracking.recordStatusChange(change)
    await tracking.recordStatusChange(change)
    assert.lengthOf(
      mails.sent((m) => m instanceof ShipmentAlertMail),
      1
    )
    assert.lengthOf(await AlertNotification.all(), 1)
  })
})
