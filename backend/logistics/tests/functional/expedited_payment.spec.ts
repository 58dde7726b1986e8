/*
 * An expedited request is paid before it is offered (docs/decisions/0188): the intent, the
 * sandbox card, the provider's confirmed event offering the job, a declined card and another
 * card, who may pay, the refund of a cancelled or expired job (once), the release of a
 * delivered one by the one payout split, and what the shipper sees of the carrier.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { splitPayout, toCents } from '#core/money'
import ExpeditedJob from '#logistics/models/expedited_job'
import ExpeditedJobService from '#logistics/services/expedited_job_service'
import ExpeditedPayment from '#payments/models/expedited_payment'
import ExpeditedPaymentService from '#payments/services/expedited_payment_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedSteps } from '#tests/deliveries'
import { carrierOf } from '#tests/factories'
import type User from '#accounts/models/user'
import {
  DECLINED_CARD,
  asCaller,
  expCarrier,
  expeditedForm,
  payJob,
  sandboxCard,
} from '../expedited_helpers.js'

const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)

async function requestJob(client: any, shipper: User, over: Record<string, unknown> = {}) {
  const res = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm(over))
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(201)
  return res.body().job as { id: number; price: number; status: string }
}

const intent = (client: any, user: User | null, id: number | string) => {
  const req = client.post(`/api/expedited-jobs/${id}/payment-intent`).withCsrfToken()
  return user ? req.loginAs(user) : req
}

/** The ledger's lines of one expedited job, summed by transaction key and account. */
async function ledgerOf(jobId: number) {
  const rows = await db
    .from('ledger_entries')
    .where('txn', 'like', `expedited-${jobId}-%`)
    .select('txn', 'account', 'amount_cents', 'booking_id')
  const sums: Record<string, number> = {}
  for (const row of rows) {
    const key = `${row.txn} ${row.account.replace(/:\d+$/, '')}`
    sums[key] = (sums[key] ?? 0) + Number(row.amount_cents)
    if (row.booking_id !== null) throw new Error('an expedited line names a booking')
  }
  return sums
}

const sandboxRefunds = async (paymentId: string) =>
  (await db.from('sandbox_refunds').where('payment_id', paymentId).count('* as n'))[0].n

test.group('Expedited payment before offering', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => clock)
    clock.set(NOW)
    return () => app.container.restore(Clock)
  })

  test('unpaid it is the shipper’s alone; the confirmed charge offers it and is on the ledger', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    const job = await requestJob(client, shipper)
    assert.equal(job.status, 'PAYMENT_PENDING')
    // No carrier sees or takes an unpaid job.
    const offers = await client.get('/api/carrier/expedited-jobs/offers').loginAs(carrier)
    assert.deepEqual(offers.body(), [])
    const early = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    early.assertStatus(404)

    const first = await intent(client, shipper, job.id)
    first.assertStatus(200)
    assert.equal(first.body().amount, job.price, 'the job’s own price')
    const again = await intent(client, shipper, job.id)
    assert.equal(again.body().paymentIntentId, first.body().paymentIntentId, 'one intent')

    const paid = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: first.body().clientSecret, ...sandboxCard() })
      .loginAs(shipper)
      .withCsrfToken()
    paid.assertStatus(200)
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.status, 'REQUESTED')
    assert.equal(stored.paymentStatus, 'paid')
    const mine = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.containsSubset(mine.body()[0], { status: 'REQUESTED', paymentStatus: 'paid' })
    const offered = await client.get('/api/carrier/expedited-jobs/offers').loginAs(carrier)
    assert.deepEqual(
      offered.body().map((j: any) => [j.id, j.paymentStatus, j.price]),
      [[job.id, null, null]],
      'carriers see neither the payment nor the price'
    )

    const cents = toCents(job.price)
    assert.deepEqual(await ledgerOf(job.id), {
      [`expedited-${job.id}-charge provider_cash`]: cents,
      [`expedited-${job.id}-charge escrow`]: -cents,
    })
    const payment = await ExpeditedPayment.findByOrFail('expeditedJobId', job.id)
    assert.equal(payment.status, 'SUCCEEDED')
    assert.equal(payment.amountCents, cents)

    // Paid once: no second intent, no second card.
    const twice = await intent(client, shipper, job.id)
    twice.assertStatus(409)
    twice.assertBody({ message: 'This expedited job is not awaiting payment' })
    const card2 = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: first.body().clientSecret, ...sandboxCard() })
      .loginAs(shipper)
      .withCsrfToken()
    card2.assertStatus(409)
    assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])
  })

  test('a declined card leaves it unoffered and says why; another card pays it', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    const job = await requestJob(client, shipper)
    const declined = await payJob(asCaller(client, shipper), job.id, DECLINED_CARD)
    assert.equal(declined.status, 402)
    const mine = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.equal(mine.body()[0].status, 'PAYMENT_PENDING')
    assert.equal(mine.body()[0].paymentStatus, 'failed')
    assert.match(mine.body()[0].paymentFailure, /declined/i)
    const offers = await client.get('/api/carrier/expedited-jobs/offers').loginAs(carrier)
    assert.deepEqual(offers.body(), [])
    assert.deepEqual(await ledgerOf(job.id), {}, 'nothing charged')

    assert.equal((await payJob(asCaller(client, shipper), job.id)).status, 200)
    const after = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.containsSubset(after.body()[0], {
      status: 'REQUESTED',
      paymentStatus: 'paid',
      paymentFailure: null,
    })
    assert.lengthOf(await ExpeditedPayment.query().where('expeditedJobId', job.id), 1)
  })

  test('roles: another shipper 404, carriers and admins 403, visitors 401; a bad id 404; nothing changes', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const job = await requestJob(client, shipper)
    const other = await intent(client, await makeUser('shipper'), job.id)
    other.assertStatus(404)
    other.assertBody({ message: 'Expedited job not found' })
    ;(await intent(client, await expCarrier(), job.id)).assertStatus(403)
    ;(await intent(client, await makeUser('admin'), job.id)).assertStatus(403)
    ;(await intent(client, null, job.id)).assertStatus(401)
    ;(await intent(client, shipper, 'abc')).assertStatus(404)
    ;(await intent(client, shipper, 999_999)).assertStatus(404)
    assert.lengthOf(await ExpeditedPayment.all(), 0)
    // Another shipper may not put a card on this job's intent either.
    const mine = await intent(client, shipper, job.id)
    const foreign = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: mine.body().clientSecret, ...sandboxCard() })
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    foreign.assertStatus(404)
    assert.equal((await ExpeditedJob.findOrFail(job.id)).status, 'PAYMENT_PENDING')
  })

  test('cancelled before an accept, its charge goes back to the card in full, once', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const job = await requestJob(client, shipper)
    await payJob(asCaller(client, shipper), job.id)
    const cancelled = await client
      .post(`/api/expedited-jobs/${job.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancelled.assertStatus(200)
    assert.containsSubset(cancelled.body(), { status: 'CANCELLED', paymentStatus: 'refunded' })
    const cents = toCents(job.price)
    assert.deepEqual(await ledgerOf(job.id), {
      [`expedited-${job.id}-charge provider_cash`]: cents,
      [`expedited-${job.id}-charge escrow`]: -cents,
      [`expedited-${job.id}-refund escrow`]: cents,
      [`expedited-${job.id}-refund provider_cash`]: -cents,
    })
    const payment = await ExpeditedPayment.findByOrFail('expeditedJobId', job.id)
    assert.equal(payment.status, 'REFUNDED')
    assert.equal(await sandboxRefunds(payment.paymentIntentId), 1)
    // Again: nothing more goes back.
    const service = await app.container.make(ExpeditedPaymentService)
    assert.isFalse(await service.refund(job.id))
    ;(
      await client.post(`/api/expedited-jobs/${job.id}/cancel`).loginAs(shipper).withCsrfToken()
    ).assertStatus(409)
    assert.equal(await sandboxRefunds(payment.paymentIntentId), 1)
    assert.lengthOf(Object.keys(await ledgerOf(job.id)), 4)
  })

  test('cancelled unpaid: nothing to refund, and it can no longer be paid', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const job = await requestJob(client, shipper)
    const cancelled = await client
      .post(`/api/expedited-jobs/${job.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    assert.containsSubset(cancelled.body(), { status: 'CANCELLED', paymentStatus: 'pending' })
    const late = await intent(client, shipper, job.id)
    late.assertStatus(409)
    assert.deepEqual(await ledgerOf(job.id), {})
  })

  test('never accepted by its deadline: expired and refunded once by the scheduled check', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const paidJob = await requestJob(client, shipper, { slaHours: 8 })
    await payJob(asCaller(client, shipper), paidJob.id)
    const unpaidJob = await requestJob(client, shipper, { slaHours: 8 })
    const jobs = await app.container.make(ExpeditedJobService)
    assert.deepEqual(await jobs.expireOverdue(), { expired: [], refunded: [] }, 'not yet')
    clock.advance({ hours: 8 })
    assert.deepEqual(await jobs.expireOverdue(), {
      expired: [paidJob.id, unpaidJob.id],
      refunded: [],
    })
    assert.deepEqual(await jobs.expireOverdue(), { expired: [], refunded: [] }, 'once')
    const paid = await ExpeditedJob.findOrFail(paidJob.id)
    assert.equal(paid.status, 'EXPIRED')
    assert.equal(paid.paymentStatus, 'refunded')
    assert.equal((await ExpeditedJob.findOrFail(unpaidJob.id)).status, 'EXPIRED')
    const payment = await ExpeditedPayment.findByOrFail('expeditedJobId', paidJob.id)
    assert.equal(await sandboxRefunds(payment.paymentIntentId), 1)
    const cents = toCents(paidJob.price)
    const ledger = await ledgerOf(paidJob.id)
    assert.equal(ledger[`expedited-${paidJob.id}-refund provider_cash`], -cents)
    assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])
  })

  test('paid and accepted, the shipper sees the carrier’s company; delivered, the charge is split once', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await expCarrier()
    const carrier = await carrierOf(carrierUser)
    const job = await requestJob(client, shipper, { slaHours: 24 })
    await payJob(asCaller(client, shipper), job.id)
    const act = (path: string) =>
      client.post(`/api/expedited-jobs/${job.id}/${path}`).loginAs(carrierUser).withCsrfToken()
    ;(await act('accept')).assertStatus(200)
    const seen = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.equal(seen.body()[0].carrierName, carrier.companyName)
    ;(await act('pickup')).assertStatus(200)
    clock.advance({ hours: 6 })
    ;(await recordExpeditedSteps(client, carrierUser, job.id)).assertStatus(201)

    const cents = toCents(job.price)
    const split = splitPayout(cents)
    const ledger = await ledgerOf(job.id)
    assert.deepEqual(ledger, {
      [`expedited-${job.id}-charge provider_cash`]: cents,
      [`expedited-${job.id}-charge escrow`]: -cents,
      [`expedited-${job.id}-release escrow`]: cents,
      [`expedited-${job.id}-release platform_revenue`]: -split.platformCents,
      [`expedited-${job.id}-release carrier_payable`]: -split.payoutCents,
    })
    assert.equal(split.payoutCents + split.platformCents, cents)
    const carrierView = await client.get('/api/carrier/expedited-jobs').loginAs(carrierUser)
    assert.equal(toCents(carrierView.body()[0].carrierPay), split.payoutCents)
    assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])
  })

  test('accepted, then cancelled and refunded: the carrier is its anonymous label again', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await expCarrier()
    const carrier = await carrierOf(carrierUser)
    const job = await requestJob(client, shipper)
    await payJob(asCaller(client, shipper), job.id)
    await client.post(`/api/expedited-jobs/${job.id}/accept`).loginAs(carrierUser).withCsrfToken()
    const cancelled = await client
      .post(`/api/expedited-jobs/${job.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    assert.containsSubset(cancelled.body(), { status: 'CANCELLED', paymentStatus: 'refunded' })
    assert.match(cancelled.body().carrierName, /^Verified carrier #\d{4}$|^Carrier #\d{4}$/)
    assert.notInclude(JSON.stringify(cancelled.body()), carrier.companyName)
  })
})
