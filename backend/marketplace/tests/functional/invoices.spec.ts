import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import Invoice from '#marketplace/models/invoice'
import type { BookingPaymentStatus } from '#marketplace/models/booking'
import InvoiceService from '#marketplace/services/invoice_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'
import { onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'

const JUNE_15 = DateTime.fromISO('2026-06-15T12:00:00Z')

/** A booking picked up yesterday (by the clock in the container), on the road. */
async function inTransit(paymentStatus: BookingPaymentStatus = 'paid') {
  const carrier = await makeUser('carrier', { isApproved: true })
  const shipper = await makeUser('shipper')
  const listing = await makeListing(carrier)
  const booking = await makeBooking(shipper, listing, {
    status: 'in_transit',
    paymentStatus,
    ...onTheRoad(await app.container.make(Clock)),
  })
  return { carrier, shipper, listing, booking }
}

/** The carrier uploads the POD, then marks the booking delivered. */
async function deliver(client: any, carrier: any, bookingId: number) {
  await uploadProofOfDelivery(bookingId, carrier.id)
  return client
    .put(`/api/bookings/${bookingId}/status`)
    .json({ status: 'delivered' })
    .loginAs(carrier)
    .withCsrfToken()
}

const invoicesOf = (bookingId: number) => Invoice.query().where('bookingId', bookingId)

test.group('Invoices: created on delivery', (group) => {
  let clock: FixedClock
  group.each.setup(async () => {
    await resetDatabase()
    clock = new FixedClock(JUNE_15)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('a paid booking delivered gets a paid invoice for its total', async ({ client, assert }) => {
    const { carrier, booking } = await inTransit('paid')
    const res = await deliver(client, carrier, booking.id)
    res.assertStatus(200)
    const invoices = await invoicesOf(booking.id)
    assert.lengthOf(invoices, 1)
    assert.equal(invoices[0].invoiceNumber, 'INV-2026-000001')
    assert.equal(invoices[0].amount, booking.totalAmount)
    assert.equal(invoices[0].status, 'paid')
    assert.equal(invoices[0].dueDate?.toISODate(), '2026-06-15')
  })

  test('an unpaid booking’s invoice is pending and due 30 days after delivery', async ({
    client,
    assert,
  }) => {
    const { carrier, booking } = await inTransit('pending')
    await deliver(client, carrier, booking.id)
    const [invoice] = await invoicesOf(booking.id)
    assert.equal(invoice.status, 'pending')
    assert.equal(invoice.dueDate?.toISODate(), '2026-07-15')
  })

  test('a delivery late in the evening in New York is dated that New York day', async ({
    client,
    assert,
  }) => {
    // 02:30 UTC on the 1st of January is still 31 December in New York.
    clock.set(DateTime.fromISO('2027-01-01T02:30:00Z'))
    const { carrier, booking } = await inTransit('paid')
    await deliver(client, carrier, booking.id)
    const [invoice] = await invoicesOf(booking.id)
    assert.equal(invoice.dueDate?.toISODate(), '2026-12-31')
    assert.match(invoice.invoiceNumber, /^INV-2026-/)
  })

  test('numbers run in sequence within a year and restart with the next', async ({
    client,
    assert,
  }) => {
    const first = await inTransit()
    const second = await inTransit()
    const third = await inTransit()
    await deliver(client, first.carrier, first.booking.id)
    await deliver(client, second.carrier, second.booking.id)
    clock.set(DateTime.fromISO('2027-01-02T09:00:00Z'))
    await deliver(client, third.carrier, third.booking.id)
    const numbers = await Promise.all(
      [first, second, third].map(async (x) => (await invoicesOf(x.booking.id))[0].invoiceNumber)
    )
    assert.deepEqual(numbers, ['INV-2026-000001', 'INV-2026-000002', 'INV-2027-000001'])
  })

  test('numbering continues after the highest number already issued', async ({
    client,
    assert,
  }) => {
    const old = await inTransit()
    await Invoice.create({
      bookingId: old.booking.id,
      invoiceNumber: 'INV-2026-000031',
      amount: 10,
      status: 'paid',
    })
    await Invoice.create({
      bookingId: (await makeBooking(old.shipper, old.listing)).id,
      invoiceNumber: 'INV-2025-000099',
      amount: 10,
      status: 'paid',
    })
    const next = await inTransit()
    await deliver(client, next.carrier, next.booking.id)
    assert.equal((await invoicesOf(next.booking.id))[0].invoiceNumber, 'INV-2026-000032')
  })

  test('exactly one invoice per booking, however often delivery is announced', async ({
    assert,
    client,
  }) => {
    const { carrier, booking } = await inTransit()
    await deliver(client, carrier, booking.id)
    const event = {
      bookingId: booking.id,
      from: 'in_transit' as const,
      to: 'delivered' as const,
      actorUserId: carrier.id,
      at: JUNE_15.toISO()!,
    }
    await emitter.emit('booking:delivered', event)
    const service = await app.container.make(InvoiceService)
    const again = await Promise.all([
      service.invoiceDelivery(booking.id),
      service.invoiceDelivery(booking.id),
    ])
    const invoices = await invoicesOf(booking.id)
    assert.lengthOf(invoices, 1)
    assert.deepEqual(
      again.map((i) => i?.id),
      [invoices[0].id, invoices[0].id]
    )
  })

  test('concurrent deliveries get distinct consecutive numbers', async ({ assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const bookings = []
    for (let i = 0; i < 8; i++) {
      bookings.push(
        await makeBooking(shipper, listing, { status: 'delivered', deliveredAt: JUNE_15 })
      )
    }
    const service = await app.container.make(InvoiceService)
    const invoices = await Promise.all(bookings.map((b) => service.invoiceDelivery(b.id)))
    assert.sameMembers(
      invoices.map((i) => i!.invoiceNumber),
      Array.from({ length: 8 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, '0')}`)
    )
  })

  test('an invoice made after the delivery is dated and due from its issue, never before it', async ({
    assert,
  }) => {
    // Delivered two days ago; the invoice is made now (a retry, or its PDF asked for later).
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const twoDaysAgo = JUNE_15.minus({ days: 2 })
    const paid = await makeBooking(shipper, listing, {
      status: 'delivered',
      paymentStatus: 'paid',
      deliveredAt: twoDaysAgo,
    })
    const unpaid = await makeBooking(shipper, listing, {
      status: 'delivered',
      paymentStatus: 'pending',
      deliveredAt: twoDaysAgo,
    })
    const service = await app.container.make(InvoiceService)
    const paidInvoice = (await service.invoiceDelivery(paid.id, twoDaysAgo.toISO()!))!
    const unpaidInvoice = (await service.invoiceDelivery(unpaid.id))!
    assert.equal(paidInvoice.createdAt.toMillis(), JUNE_15.toMillis())
    assert.equal(paidInvoice.dueDate?.toISODate(), '2026-06-15')
    assert.equal(unpaidInvoice.createdAt.toMillis(), JUNE_15.toMillis())
    assert.equal(unpaidInvoice.dueDate?.toISODate(), '2026-07-15')
  })

  test('issued at 23:30 or 00:30 UTC: issued and due on the New York day, as the list says', async ({
    client,
    assert,
  }) => {
    // INV-2026-000022 of the demo: issued 22:00 on 25 November in New York (03:00 UTC on the
    // 26th), due 25 November. The list gives the issue day beside the due day.
    for (const [at, issueDay, paidDue, unpaidDue] of [
      ['2026-11-26T04:30:00.000Z', '2026-11-25', '2026-11-25', '2026-12-25'],
      ['2026-11-26T00:30:00.000Z', '2026-11-25', '2026-11-25', '2026-12-25'],
      ['2026-10-31T23:30:00.000-04:00', '2026-10-31', '2026-10-31', '2026-11-30'],
    ]) {
      clock.set(DateTime.fromISO(at))
      for (const [payment, due] of [
        ['paid', paidDue],
        ['pending', unpaidDue],
      ] as const) {
        const { carrier, booking } = await inTransit(payment)
        ;(await deliver(client, carrier, booking.id)).assertStatus(200)
        const res = await client.get('/api/carrier/invoices').loginAs(carrier)
        res.assertStatus(200)
        const [shown] = res.body()
        assert.equal(shown.bookingId, booking.id)
        assert.deepEqual(
          { issueDate: shown.issueDate, dueDate: shown.dueDate, createdAt: shown.createdAt },
          { issueDate: issueDay, dueDate: due, createdAt: DateTime.fromISO(at).toUTC().toISO() },
          `${payment} at ${at}`
        )
      }
    }
  })

  test('a booking that is not delivered is not invoiced', async ({ assert }) => {
    const { booking } = await inTransit()
    const service = await app.container.make(InvoiceService)
    assert.isNull(await service.invoiceDelivery(booking.id))
    assert.lengthOf(await invoicesOf(booking.id), 0)
  })
})

test.group('Invoices: GET /api/carrier/invoices and /api/shipper/invoices', (group) => {
  group.each.setup(() => resetDatabase())

  test('each side sees the invoices of its own bookings, newest first', async ({
    client,
    assert,
  }) => {
    const a = await inTransit()
    const b = await inTransit()
    await deliver(client, a.carrier, a.booking.id)
    const second = await makeBooking(a.shipper, a.listing, {
      status: 'in_transit',
      ...onTheRoad(),
    })
    await deliver(client, a.carrier, second.id)
    await deliver(client, b.carrier, b.booking.id)

    const carrierRes = await client.get('/api/carrier/invoices').loginAs(a.carrier)
    carrierRes.assertStatus(200)
    assert.deepEqual(
      carrierRes.body().map((i: any) => i.bookingId),
      [second.id, a.booking.id]
    )
    const invoice = await Invoice.findByOrFail('bookingId', second.id)
    assert.deepEqual(carrierRes.body()[0], {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      bookingId: second.id,
      bookingReference: `TRT-${String(second.id).padStart(3, '0')}`,
      amount: second.totalAmount,
      status: 'paid',
      dueDate: invoice.dueDate!.toISODate(),
      issueDate: invoice.dueDate!.toISODate(),
      createdAt: carrierRes.body()[0].createdAt,
      pickupCity: 'Chicago',
      pickupState: 'IL',
      deliveryCity: 'Detroit',
      deliveryState: 'MI',
    })
    assert.match(invoice.invoiceNumber, /^INV-\d{4}-\d{6}$/)

    const shipperRes = await client.get('/api/shipper/invoices').loginAs(b.shipper)
    shipperRes.assertStatus(200)
    assert.deepEqual(
      shipperRes.body().map((i: any) => i.bookingId),
      [b.booking.id]
    )
  })

  test('each list is for its own role only', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    for (const user of [shipper, admin, pending]) {
      const res = await client.get('/api/carrier/invoices').loginAs(user)
      res.assertStatus(403)
    }
    for (const user of [carrier, admin]) {
      const res = await client.get('/api/shipper/invoices').loginAs(user)
      res.assertStatus(403)
    }
    const out = await client.get('/api/carrier/invoices')
    out.assertStatus(401)
    const outShipper = await client.get('/api/shipper/invoices')
    outShipper.assertStatus(401)
  })
})
