import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import BillOfLading from '#marketplace/models/bill_of_lading'
import PaymentService from '#payments/services/payment_service'
import ExternalQuote from '#tms/models/external_quote'
import BolFetchService from '#tms/services/bol_fetch_service'
import TrackingSimulationService from '#tms/services/tracking_simulation_service'
import { ACME, registerAcme } from '#plugins/partner_carriers/tests/acme/register'
import type { AcmeStandIn } from '#plugins/partner_carriers/tests/acme/stand_in'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'

/*
 * A partner added as docs/plugins.md "Adding a partner" says (the fixture in
 * plugins/partner_carriers/tests/acme/) is used by the product end to end: its quote is listed
 * by the rate comparison, booked, paid, tracked, documented and cancelled with its own driver
 * (docs/decisions/0180).
 */

const LANE = { origin: { postal: '60601' }, destination: { postal: '48201' }, mode: 'LTL' }

let acme: ReturnType<typeof registerAcme>
let standIn: AcmeStandIn

async function acmeQuote(client: any, shipper: User) {
  const res = await client.post('/api/tms/quotes').json(LANE).loginAs(shipper).withCsrfToken()
  res.assertStatus(200)
  return (res.body().quotes as any[]).find((q) => q.provider === ACME)
}

async function bookAcme(client: any, shipper: User, extra: Record<string, unknown> = {}) {
  const quote = await acmeQuote(client, shipper)
  const res = await client
    .post(`/api/tms/quotes/${quote.id}/book`)
    .json({ pickup_date: businessDayFromToday(2), ...extra })
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(201)
  return { quote, booking: await Booking.findOrFail(res.body().booking_id) }
}

test.group('A partner added from docs/plugins.md (Acme LTL)', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    await seedReferenceRows()
    drive.fake('fs')
    acme = registerAcme()
    standIn = acme.standIn
    return () => {
      app.container.restore(Clock)
      acme.forget()
      drive.restore('fs')
    }
  })

  test('quoted, booked, paid, tracked and documented through its own driver', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = await acmeQuote(client, shipper)
    assert.include(quote, { carrier: 'Acme LTL', provider: ACME })
    const row = await ExternalQuote.findOrFail(quote.id)
    assert.equal(row.bookedBy, ACME)

    const { booking } = await bookAcme(client, shipper, { shipper_reference: 'PO-7731' })
    // Acme booked the very quote number it issued, and the booking names Acme's driver.
    const [pickup] = standIn.pickups.values()
    assert.equal(pickup.quoteNumber, row.partnerQuoteId)
    assert.isTrue(standIn.issuedQuotes.has(pickup.quoteNumber))
    assert.deepEqual(
      [booking.provider, booking.partnerShipmentId, booking.partnerProNumber],
      [ACME, pickup.pickupId, pickup.pro]
    )

    // Paid through the sandbox card network: the booking is booked, its BOL is Acme's.
    const payments = await app.container.make(PaymentService)
    const intent = await payments.createIntent(booking.id, booking.totalAmount!)
    const confirmed = await payments.confirmSandboxCard({
      clientSecret: intent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    })
    assert.equal(confirmed.status, 200)
    assert.equal((await booking.refresh()).status, 'booked')
    await (await app.container.make(BolFetchService)).run()
    const bol = await BillOfLading.findByOrFail('bookingId', booking.id)
    assert.equal(bol.bolNumber, `BOL-${pickup.pro}`)
    // The integrator finds the BOL on the shipment (docs/api.md); it prints their reference.
    const shipment = await client.get(`/api/tms/shipments/${booking.id}`).loginAs(shipper)
    shipment.assertStatus(200)
    assert.match(shipment.body().bol_url, /^\/api\/tms\/documents\/\d+\/download$/)
    assert.isNull(shipment.body().invoice_url)
    const pdf = await client.get(shipment.body().bol_url).loginAs(shipper)
    pdf.assertStatus(200)
    assert.equal(pickup.reference, 'PO-7731')

    // Acme reports on its own clock: picked up on the pickup day, delivered the next; the
    // product pulls its events a day later and follows them.
    const pickedUp = DateTime.fromISO(`${pickup.date}T15:00:00Z`)
    standIn.pickUp(pickup.pickupId, pickedUp.toJSDate())
    standIn.deliver(pickup.pickupId, pickedUp.plus({ days: 1 }).toJSDate())
    app.container.swap(Clock, () => new FixedClock(pickedUp.plus({ days: 2 })))
    const simulation = await app.container.make(TrackingSimulationService)
    await simulation.run()
    const events = await client.get(`/api/tms/shipments/${booking.id}/events`).loginAs(shipper)
    events.assertStatus(200)
    assert.includeDeepMembers(
      (events.body() as any[]).map((e) => [e.code, e.eventType]),
      [
        ['PKD', 'PU'],
        ['LNH', 'LINEHAUL_DEPART'],
        ['DLV', 'DELIVERED'],
      ]
    )
    assert.equal((await booking.refresh()).status, 'delivered')
    const delivered = await client.get(`/api/tms/shipments/${booking.id}`).loginAs(shipper)
    assert.match(delivered.body().invoice_url, /^\/api\/tms\/documents\/\d+\/download$/)

    // The history names Acme as the shipper knows it, never the driver's key.
    const history = await client.get(`/api/bookings/${booking.id}/history`).loginAs(shipper)
    history.assertStatus(200)
    const notes = (history.body() as any[]).map((h) => h.note).filter(Boolean)
    assert.include(notes, `Booked with Acme LTL (PRO ${pickup.pro})`)
    assert.include(notes, 'Reported by Acme LTL')
    assert.notInclude(JSON.stringify(notes), ACME)
  })

  test('cancelled at Acme before pickup; after pickup Acme refuses and nothing changes', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    // A reference longer than a BOL prints is a 422 naming it; Acme is not asked.
    const quote = await acmeQuote(client, shipper)
    const tooLong = await client
      .post(`/api/tms/quotes/${quote.id}/book`)
      .json({ pickup_date: businessDayFromToday(2), shipper_reference: 'P'.repeat(36) })
      .loginAs(shipper)
      .withCsrfToken()
    tooLong.assertStatus(422)
    assert.equal(tooLong.body().errors[0].field, 'shipper_reference')
    assert.equal(standIn.pickups.size, 0)

    const { booking } = await bookAcme(client, shipper)
    // Without a reference of the shipper's, Acme prints the booking's own (docs/decisions/0205).
    assert.equal(
      standIn.pickups.get(booking.partnerShipmentId!)!.reference,
      `TRT-${String(booking.id).padStart(3, '0')}`
    )
    const cancelled = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancelled.assertStatus(200)
    assert.equal((await booking.refresh()).status, 'cancelled')
    assert.isNotNull(standIn.pickups.get(booking.partnerShipmentId!)!.voided)

    // Another shipper (the same shipper's same comparison answers the booking made above).
    const other = await makeUser('shipper')
    const late = (await bookAcme(client, other)).booking
    standIn.pickUp(late.partnerShipmentId!)
    const refused = await client
      .post(`/api/bookings/${late.id}/cancel`)
      .loginAs(other)
      .withCsrfToken()
    refused.assertStatus(409)
    assert.equal(
      refused.body().message,
      'Acme LTL cannot cancel this shipment any more (The freight is picked up)'
    )
    assert.equal((await late.refresh()).status, 'pending')
  })
})
