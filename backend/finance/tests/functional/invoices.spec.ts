import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  ALREADY_DECIDED,
  ALREADY_INVOICED,
  DISPUTED,
  NOT_DELIVERED,
  NOT_FLAGGED,
  NO_PDF,
  PARTNER_ONLY,
} from '#finance/services/advanced_invoice_service'
import { DELIVERY_TIMES, NOW, deliveredBooking, financeRows } from '#finance/tests/world'

const clock = new FixedClock(NOW)

/** The carrier records a 3 h 20 min delivery stop, bills its detention and drafts. */
async function draftWithDetention(
  client: any,
  world: Awaited<ReturnType<typeof deliveredBooking>>
) {
  const { booking, carrierUser } = world
  await client
    .put(`/api/bookings/${booking.id}/stop-times`)
    .json(DELIVERY_TIMES)
    .loginAs(carrierUser)
    .withCsrfToken()
  await client
    .post(`/api/bookings/${booking.id}/detention`)
    .json({ stop: 'DELIVERY' })
    .loginAs(carrierUser)
    .withCsrfToken()
  const draft = await client
    .post(`/api/bookings/${booking.id}/advanced-invoices`)
    .loginAs(carrierUser)
    .withCsrfToken()
  draft.assertStatus(201)
  return draft.body()
}

const issue = (client: any, id: number, user: any) =>
  client.post(`/api/advanced-invoices/${id}/issue`).loginAs(user).withCsrfToken()

test.group('Advanced invoices', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('the carrier drafts from the booking and the evidence: line haul, FSC, detention', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = await draftWithDetention(client, world)
    assert.containsSubset(draft, {
      bookingId: world.booking.id,
      kind: 'CARRIER',
      status: 'DRAFT',
      number: null,
      currency: 'USD',
      amount: 1522.5,
      flagged: false,
      audit: null,
      pdfUrl: null,
    })
    assert.deepEqual(
      draft.lines.map((l: any) => [l.code, l.quantity, l.unitPrice, l.amount]),
      [
        ['LINEHAUL', 1, 1000, 1000],
        ['FSC', 1, 410, 410],
        ['DETENTION_HR', 1.5, 75, 112.5],
      ]
    )
    assert.equal(draft.lines[1].description, 'Fuel surcharge 41% (week of 2026-03-02)')
    assert.deepInclude(draft.lines[2].evidence, {
      stop: 'DELIVERY',
      startedAt: DELIVERY_TIMES.arrivedAt,
      endedAt: DELIVERY_TIMES.departedAt,
    })
    // The shipper does not see the carrier's draft.
    const shipperView = await client
      .get(`/api/bookings/${world.booking.id}/advanced-invoices`)
      .loginAs(world.shipper)
    assert.deepEqual(shipperView.body().invoices, [])
    ;(
      await client.get(`/api/advanced-invoices/${draft.id}/pdf`).loginAs(world.shipper)
    ).assertStatus(404)
    const pdf = await client
      .get(`/api/advanced-invoices/${draft.id}/pdf`)
      .loginAs(world.carrierUser)
    pdf.assertStatus(409)
    assert.equal(pdf.body().message, NO_PDF)
    // Drafting again refreshes the one draft.
    await client
      .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    assert.lengthOf(await db.from('advanced_invoices'), 1)
  })

  test('issuing numbers the invoice and audits it: detention beyond tolerance flags it', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = await draftWithDetention(client, world)
    const res = await issue(client, draft.id, world.carrierUser)
    res.assertStatus(200)
    assert.match(res.body().number, /^AINV-2026-\d{6}$/)
    assert.containsSubset(res.body(), {
      status: 'ISSUED',
      amount: 1522.5,
      flagged: true,
      issuedAt: NOW.toUTC().toISO(),
      pdfUrl: `/api/advanced-invoices/${draft.id}/pdf`,
      audit: {
        result: 'FLAGGED',
        billed: 1522.5,
        expected: 1410,
        variance: 112.5,
        tolerance: 28.2,
      },
    })
    assert.deepEqual(
      res.body().audit.lines.map((l: any) => [l.code, l.variance]),
      [
        ['LINEHAUL', 0],
        ['FSC', 0],
        ['DETENTION_HR', 112.5],
      ]
    )
    const stored = await db.from('audits').where('invoice_id', draft.id)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].result, 'FLAGGED')
    assert.equal(Number(stored[0].variance_amount), 112.5)

    // The shipper sees it flagged, the admin lists it.
    const mine = await client.get('/api/advanced-invoices').loginAs(world.shipper)
    assert.containsSubset(mine.body().invoices, [{ id: draft.id, flagged: true }])
    const flagged = await client.get('/api/admin/finance/invoices/flagged').loginAs(world.admin)
    assert.containsSubset(flagged.body().invoices, [{ id: draft.id }])
    ;(await client.get('/api/admin/finance/invoices/flagged').loginAs(world.shipper)).assertStatus(
      403
    )

    const pdf = await client.get(`/api/advanced-invoices/${draft.id}/pdf`).loginAs(world.shipper)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    assert.include(pdf.header('content-disposition'), `${res.body().number}.pdf`)

    const twice = await issue(client, draft.id, world.carrierUser)
    twice.assertStatus(409)
    const redraft = await client
      .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    redraft.assertStatus(409)
    assert.equal(redraft.body().message, ALREADY_INVOICED)
  })

  test('an invoice as booked passes and is not the shipper’s to answer', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = await client
      .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    const res = await issue(client, draft.body().id, world.carrierUser)
    assert.containsSubset(res.body(), {
      flagged: false,
      amount: 1410,
      audit: { result: 'PASS', variance: 0 },
    })
    const answer = await client
      .post(`/api/advanced-invoices/${draft.body().id}/decision`)
      .json({ decision: 'ACCEPTED' })
      .loginAs(world.shipper)
      .withCsrfToken()
    answer.assertStatus(409)
    assert.equal(answer.body().message, NOT_FLAGGED)
  })

  test('the shipper accepts or disputes a flagged invoice once; a dispute holds payment', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = await draftWithDetention(client, world)
    await issue(client, draft.id, world.carrierUser)
    const url = `/api/advanced-invoices/${draft.id}/decision`
    const decide = (body: Record<string, unknown>, user = world.shipper) =>
      client.post(url).json(body).loginAs(user).withCsrfToken()

    const before = await financeRows()
    const noReason = await decide({ decision: 'DISPUTED' })
    noReason.assertStatus(422)
    assert.containsSubset(noReason.body().errors, [
      { field: 'reason', message: 'Say why you dispute the invoice' },
    ])
    const bad = await decide({ decision: 'MAYBE' })
    assert.containsSubset(bad.body().errors, [
      { field: 'decision', message: 'Decision must be ACCEPTED or DISPUTED' },
    ])
    ;(await decide({ decision: 'ACCEPTED' }, world.carrierUser)).assertStatus(403)
    ;(await decide({ decision: 'ACCEPTED' }, await makeUser('shipper'))).assertStatus(404)
    assert.equal(await financeRows(), before)

    const disputed = await decide({ decision: 'DISPUTED', reason: 'The dock log shows 2 hours' })
    disputed.assertStatus(200)
    assert.containsSubset(disputed.body(), {
      shipperDecision: 'DISPUTED',
      disputeReason: 'The dock log shows 2 hours',
      decidedAt: NOW.toUTC().toISO(),
    })
    const again = await decide({ decision: 'ACCEPTED' })
    again.assertStatus(409)
    assert.equal(again.body().message, ALREADY_DECIDED)

    const pay = await client
      .post(`/api/admin/finance/invoices/${draft.id}/pay`)
      .loginAs(world.admin)
      .withCsrfToken()
    pay.assertStatus(409)
    assert.equal(pay.body().message, DISPUTED)
    // The admin voids the disputed invoice; the carrier may draft a new one.
    const voided = await client
      .post(`/api/admin/finance/invoices/${draft.id}/void`)
      .loginAs(world.admin)
      .withCsrfToken()
    assert.containsSubset(voided.body(), { status: 'VOID', voidedAt: NOW.toUTC().toISO() })
  })

  test('an accepted flagged invoice is paid by an admin; paid is final', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = await draftWithDetention(client, world)
    await issue(client, draft.id, world.carrierUser)
    await client
      .post(`/api/advanced-invoices/${draft.id}/decision`)
      .json({ decision: 'ACCEPTED' })
      .loginAs(world.shipper)
      .withCsrfToken()
    const paid = await client
      .post(`/api/admin/finance/invoices/${draft.id}/pay`)
      .loginAs(world.admin)
      .withCsrfToken()
    paid.assertStatus(200)
    assert.containsSubset(paid.body(), { status: 'PAID', shipperDecision: 'ACCEPTED' })
    const voidPaid = await client
      .post(`/api/admin/finance/invoices/${draft.id}/void`)
      .loginAs(world.admin)
      .withCsrfToken()
    voidPaid.assertStatus(409)
    assert.equal(voidPaid.body().message, 'A paid invoice cannot be voided')
  })

  test('the carrier voids its draft but not an issued invoice; others cannot touch it', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking()
    const draft = (
      await client
        .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
        .loginAs(world.carrierUser)
        .withCsrfToken()
    ).body()
    const stranger = await makeUser('carrier', { isApproved: true })
    const before = await financeRows()
    ;(await issue(client, draft.id, stranger)).assertStatus(404)
    ;(await issue(client, draft.id, world.shipper)).assertStatus(403)
    ;(
      await client.post(`/api/advanced-invoices/${draft.id}/void`).loginAs(stranger).withCsrfToken()
    ).assertStatus(404)
    ;(await issue(client, 999999, world.carrierUser)).assertStatus(404)
    assert.equal(await financeRows(), before)

    const voided = await client
      .post(`/api/advanced-invoices/${draft.id}/void`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    assert.equal(voided.body().status, 'VOID')
    const second = (
      await client
        .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
        .loginAs(world.carrierUser)
        .withCsrfToken()
    ).body()
    await issue(client, second.id, world.carrierUser)
    const late = await client
      .post(`/api/advanced-invoices/${second.id}/void`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    late.assertStatus(409)
    assert.equal(late.body().message, 'An issued invoice cannot be voided')
  })

  test('no draft before delivery, none by the shipper', async ({ client, assert }) => {
    const world = await deliveredBooking({ status: 'in_transit' })
    const res = await client
      .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
      .loginAs(world.carrierUser)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, NOT_DELIVERED)
    ;(
      await client
        .post(`/api/bookings/${world.booking.id}/advanced-invoices`)
        .loginAs(world.shipper)
        .withCsrfToken()
    ).assertStatus(403)
    assert.lengthOf(await db.from('advanced_invoices'), 0)
  })

  test('an admin records a partner’s invoice for a partner booking; it is audited', async ({
    client,
    assert,
  }) => {
    const world = await deliveredBooking({
      carrierId: null,
      truckId: null,
      listingId: null,
      provider: 'ltl_partner',
    })
    const url = `/api/admin/finance/bookings/${world.booking.id}/partner-invoice`
    const before = await financeRows()
    const empty = await client.post(url).json({ lines: [] }).loginAs(world.admin).withCsrfToken()
    empty.assertStatus(422)
    assert.containsSubset(empty.body().errors, [
      { field: 'lines', message: 'An invoice has at least one line' },
    ])
    ;(
      await client.post(url).json({ lines: [] }).loginAs(world.shipper).withCsrfToken()
    ).assertStatus(403)
    assert.equal(await financeRows(), before)

    const res = await client
      .post(url)
      .json({
        lines: [
          { code: 'LINEHAUL', description: 'Line haul', quantity: 1, unitPrice: 1000 },
          { code: 'FSC', description: 'Fuel surcharge', quantity: 1, unitPrice: 410 },
          { code: 'REDELIVERY', description: 'Redelivery attempt', quantity: 1, unitPrice: 150 },
        ],
      })
      .loginAs(world.admin)
      .withCsrfToken()
    res.assertStatus(201)
    assert.containsSubset(res.body(), {
      kind: 'PARTNER',
      status: 'ISSUED',
      amount: 1560,
      flagged: true,
      audit: { result: 'FLAGGED', variance: 150 },
    })
    ;(
      await client
        .post(url)
        .json({ lines: [{ code: 'LINEHAUL', description: 'x2', quantity: 1, unitPrice: 1 }] })
        .loginAs(world.admin)
        .withCsrfToken()
    ).assertStatus(409)

    const internal = await deliveredBooking()
    const refused = await client
      .post(`/api/admin/finance/bookings/${internal.booking.id}/partner-invoice`)
      .json({ lines: [{ code: 'LINEHAUL', description: 'Line haul', quantity: 1, unitPrice: 1 }] })
      .loginAs(world.admin)
      .withCsrfToken()
    refused.assertStatus(409)
    assert.equal(refused.body().message, PARTNER_ONLY)
  })
})
