import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { Clock, FixedClock } from '#core/clock'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import FreightLifecycleService from '#freight_board/services/freight_lifecycle_service'
import LoadFunding from '#payments/models/load_funding'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import ReconciliationService from '#payments/services/reconciliation_service'
import { auditActions } from '#freight_board/tests/audits'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'

const SUCCESS_CARD = '4242424242424242'
const DECLINED_CARD = '4000000000000002'

const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
})

function fund(client: ApiClient, shipper: User, id: number) {
  return client.post(`/api/freight-listings/${id}/fund`).loginAs(shipper).withCsrfToken()
}

function pay(client: ApiClient, shipper: User, clientSecret: string, number = SUCCESS_CARD) {
  return client
    .post('/api/sandbox/payments/confirm')
    .json({ clientSecret, ...card(number) })
    .loginAs(shipper)
    .withCsrfToken()
}

/** An open load funded by card through the API, as the shipper's browser does it. */
async function fundedLoad(client: ApiClient, price = 1500) {
  const shipper = await makeUser('shipper')
  const load = await makeFreightListing(shipper, { price })
  const intent = await fund(client, shipper, load.id)
  intent.assertStatus(200)
  ;(await pay(client, shipper, intent.body().clientSecret)).assertStatus(200)
  await load.refresh()
  return { shipper, load }
}

function claim(client: ApiClient, carrier: User, id: number) {
  return client.post(`/api/freight-listings/${id}/claim`).loginAs(carrier).withCsrfToken()
}

test.group('POST /api/freight-listings/:id/fund', (group) => {
  group.each.setup(() => resetDatabase())

  test('the load is charged its own price; the webhook marks it funded with an audit', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { price: 1234.56 })
    const res = await fund(client, shipper, load.id)
    res.assertStatus(200)
    assert.equal(res.body().amount, 1234.56)
    assert.match(res.body().clientSecret, /_secret_/)
    // A retry (a double click, a lost answer) gets the same intent.
    const again = await fund(client, shipper, load.id)
    assert.equal(again.body().paymentIntentId, res.body().paymentIntentId)
    assert.lengthOf(await LoadFunding.query().where('freightListingId', load.id), 1)

    const paid = await pay(client, shipper, res.body().clientSecret)
    paid.assertStatus(200)
    paid.assertBody({ status: 'succeeded' })
    await load.refresh()
    assert.equal(load.paymentStatus, 'FUNDED')
    assert.deepEqual(await auditActions(load.id), ['funded'])
    const audit = await FreightListingAudit.query().where('listingId', load.id).firstOrFail()
    assert.deepEqual(audit.meta, { amount_cents: 123456 })
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'SUCCEEDED')
    assert.equal(funding.amountCents, 123456)
    assert.isNotNull(funding.chargeId)

    // The board shows it funded, and the funded filter finds it.
    const carrier = await makeUser('carrier', { isApproved: true })
    const board = await client.get('/api/freight-listings?funded=true').loginAs(carrier)
    assert.deepEqual(
      board.body().map((l: { id: number; funded: boolean }) => [l.id, l.funded]),
      [[load.id, true]]
    )
    const mine = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    assert.equal(mine.body()[0].payment_status, 'FUNDED')

    const twice = await fund(client, shipper, load.id)
    twice.assertStatus(409)
    twice.assertBody({ message: 'This load is already funded' })
    const card2 = await pay(client, shipper, res.body().clientSecret)
    card2.assertStatus(409)
    card2.assertBody({ message: 'This load is already funded' })
  })

  test('only an open, unexpired load can be funded', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cancelled = await makeFreightListing(shipper, { status: 'CANCELLED' })
    const claimed = await makeFreightListing(shipper, { status: 'CLAIMED' })
    const expired = await makeFreightListing(shipper, {
      expiresAt: DateTime.now().minus({ minutes: 1 }),
    })
    for (const load of [cancelled, claimed, expired]) {
      const res = await fund(client, shipper, load.id)
      res.assertStatus(409)
      res.assertBody({ message: 'Only an open load can be funded' })
    }
    assert.lengthOf(await LoadFunding.all(), 0)
  })

  test('roles: another shipper 404, carriers and admins 403, visitors 401; nothing changes', async ({
    client,
    assert,
  }) => {
    const load = await makeFreightListing(await makeUser('shipper'))
    const other = await fund(client, await makeUser('shipper'), load.id)
    other.assertStatus(404)
    other.assertBody({ message: 'Load not found' })
    const missing = await fund(client, await makeUser('shipper'), load.id + 1000)
    missing.assertStatus(404)
    for (const role of ['carrier', 'admin'] as const) {
      const res = await fund(client, await makeUser(role, { isApproved: true }), load.id)
      res.assertStatus(403)
    }
    const anonymous = await client.post(`/api/freight-listings/${load.id}/fund`).withCsrfToken()
    anonymous.assertStatus(401)
    assert.lengthOf(await LoadFunding.all(), 0)
  })

  test("another shipper cannot pay a load's intent: 404 Payment not found", async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const intent = await fund(client, shipper, load.id)
    const res = await pay(client, await makeUser('shipper'), intent.body().clientSecret)
    res.assertStatus(404)
    res.assertBody({ message: 'Payment not found' })
    await load.refresh()
    assert.equal(load.paymentStatus, 'UNFUNDED')
  })

  test('a declined card leaves the load unfunded with an audit; another card funds it', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const intent = await fund(client, shipper, load.id)
    const declined = await pay(client, shipper, intent.body().clientSecret, DECLINED_CARD)
    declined.assertStatus(402)
    await load.refresh()
    assert.equal(load.paymentStatus, 'UNFUNDED')
    assert.deepEqual(await auditActions(load.id), ['funding_failed'])
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'FAILED')
    assert.isNotNull(funding.failureMessage)

    const retry = await fund(client, shipper, load.id)
    assert.equal(retry.body().paymentIntentId, intent.body().paymentIntentId)
    ;(await pay(client, shipper, retry.body().clientSecret)).assertStatus(200)
    await load.refresh()
    assert.equal(load.paymentStatus, 'FUNDED')
    assert.deepEqual(await auditActions(load.id), ['funding_failed', 'funded'])
  })
})

test.group('A funded load, claimed, cancelled or expired', (group) => {
  group.each.setup(() => resetDatabase())

  test('the claim pays its booking at once with the charge: booked, escrow held, ledger charged', async ({
    client,
    assert,
  }) => {
    const { shipper, load } = await fundedLoad(client, 1500)
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await claim(client, carrier, load.id)
    res.assertStatus(200)
    const booking = await Booking.findOrFail(res.body().booking_id)
    assert.equal(booking.paymentStatus, 'paid')
    assert.equal(booking.status, 'booked')
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'SETTLED')
    assert.equal(funding.bookingId, booking.id)
    assert.equal(booking.stripePaymentIntentId, funding.paymentIntentId)
    const payment = await Payment.query().where('shipmentId', booking.id).firstOrFail()
    assert.equal(payment.status, 'SUCCEEDED')
    assert.equal(payment.stripeChargeId, funding.chargeId)
    const escrow = await EscrowTransaction.query().where('shipmentId', booking.id).firstOrFail()
    assert.equal(escrow.status, 'HELD')
    assert.equal(escrow.amount, 1500)
    const charged = await db
      .from('ledger_entries')
      .where('booking_id', booking.id)
      .where('kind', 'charge')
      .where('account', 'provider_cash')
      .sum('amount_cents as total')
      .first()
    assert.equal(Number(charged.total), 150000)
    const claimedAudit = await FreightListingAudit.query()
      .where('listingId', load.id)
      .where('action', 'claimed')
      .firstOrFail()
    assert.include(claimedAudit.meta!, { paid_from_funding: true })

    // Nothing left to pay, and the books reconcile.
    const payAgain = await client
      .post('/api/create-payment-intent')
      .json({ amount: 1500, bookingId: booking.id })
      .loginAs(shipper)
      .withCsrfToken()
    payAgain.assertStatus(409)
    const report = await new ReconciliationService().reconcile()
    assert.equal(report.problemCount, 0, JSON.stringify(report.problems))
  })

  test('cancelling it refunds the card in full: REFUNDED with an audit', async ({
    client,
    assert,
  }) => {
    const { shipper, load } = await fundedLoad(client, 800)
    const res = await client
      .post(`/api/freight-listings/${load.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().status, 'CANCELLED')
    assert.equal(res.body().payment_status, 'REFUNDED')
    assert.deepEqual(await auditActions(load.id), ['funded', 'cancelled', 'refunded'])
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'REFUNDED')
    assert.isNotNull(funding.refundId)
    const refund = await db
      .from('sandbox_refunds')
      .where('payment_id', funding.paymentIntentId)
      .firstOrFail()
    assert.equal(Number(refund.amount_cents), 80000)
  })

  test('expiring unclaimed refunds it; a second run refunds nothing more', async ({
    client,
    assert,
  }) => {
    const { load } = await fundedLoad(client)
    app.container.swap(Clock, () => new FixedClock(load.expiresAt!.plus({ seconds: 1 })))
    try {
      const board = await app.container.make(FreightLifecycleService)
      const first = await board.expire()
      assert.deepEqual(first.refunds, [load.id])
      await load.refresh()
      assert.equal(load.status, 'EXPIRED')
      assert.equal(load.paymentStatus, 'REFUNDED')
      const again = await board.expire()
      assert.deepEqual(again, { holds: [], loads: [], refunds: [] })
    } finally {
      app.container.restore(Clock)
    }
    assert.deepEqual(await auditActions(load.id), ['funded', 'expired', 'refunded'])
    assert.lengthOf(await db.from('sandbox_refunds'), 1)
  })

  test('a charge that comes through after the load was cancelled goes straight back', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const intent = await fund(client, shipper, load.id)
    await client.post(`/api/freight-listings/${load.id}/cancel`).loginAs(shipper).withCsrfToken()
    ;(await pay(client, shipper, intent.body().clientSecret)).assertStatus(200)
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'REFUNDED')
    await load.refresh()
    assert.equal(load.status, 'CANCELLED')
    assert.equal(load.paymentStatus, 'UNFUNDED')
    assert.deepEqual(await auditActions(load.id), ['cancelled'])
  })

  test('a load claimed before its charge came through: the charge pays the booking', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { price: 700 })
    const intent = await fund(client, shipper, load.id)
    const claimed = await claim(client, await makeUser('carrier', { isApproved: true }), load.id)
    const booking = await Booking.findOrFail(claimed.body().booking_id)
    assert.equal(booking.paymentStatus, 'pending')
    ;(await pay(client, shipper, intent.body().clientSecret)).assertStatus(200)
    await booking.refresh()
    assert.equal(booking.paymentStatus, 'paid')
    assert.equal(booking.status, 'booked')
    const funding = await LoadFunding.query().where('freightListingId', load.id).firstOrFail()
    assert.equal(funding.status, 'SETTLED')
    assert.equal(funding.bookingId, booking.id)
    await load.refresh()
    assert.equal(load.paymentStatus, 'FUNDED')
  })

  test("cancelling the claim's booking refunds it and the load goes back unfunded, fundable again", async ({
    client,
    assert,
  }) => {
    const { shipper, load } = await fundedLoad(client, 900)
    const claimed = await claim(client, await makeUser('carrier', { isApproved: true }), load.id)
    const bookingId = claimed.body().booking_id
    const cancel = await client
      .post(`/api/bookings/${bookingId}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancel.assertStatus(200)
    const booking = await Booking.findOrFail(bookingId)
    assert.equal(booking.paymentStatus, 'refunded')
    await load.refresh()
    assert.equal(load.status, 'OPEN')
    assert.equal(load.paymentStatus, 'UNFUNDED')

    const second = await fund(client, shipper, load.id)
    second.assertStatus(200)
    const first = await LoadFunding.query().where('freightListingId', load.id).orderBy('id')
    assert.lengthOf(first, 2)
    assert.notEqual(second.body().paymentIntentId, first[0].paymentIntentId)
    ;(await pay(client, shipper, second.body().clientSecret)).assertStatus(200)
    await load.refresh()
    assert.equal(load.paymentStatus, 'FUNDED')
  })
})
