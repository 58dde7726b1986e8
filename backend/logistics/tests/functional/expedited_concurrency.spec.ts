import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ExpeditedJob from '#logistics/models/expedited_job'
import ExpeditedPayment from '#payments/models/expedited_payment'
import { toCents } from '#core/money'
import {
  baseUrl,
  makeUser,
  resetDatabase,
  signInSessions as signIn,
  startServer,
} from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { expCarrier, expeditedForm, payJob, sandboxCard } from '../expedited_helpers.js'

const CARRIERS = 12

test.group('Expedited acceptance races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 103)
    return () => second.stop()
  })

  test(`${CARRIERS} carriers accept one job at once: exactly one wins`, async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const carriers = await Promise.all(Array.from({ length: CARRIERS }, () => expCarrier()))
    const [shipperSession] = await signIn([shipper], [baseUrl()])
    const created = await shipperSession.request('POST', '/api/expedited-jobs', expeditedForm())
    assert.equal(created.status, 201, created.text)
    assert.equal(created.body.offeredTo, CARRIERS)
    const id = created.body.job.id
    assert.equal((await payJob(shipperSession, id)).status, 200)
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const results = await Promise.all(
      sessions.map((s) => s.request('POST', `/api/expedited-jobs/${id}/accept`))
    )

    const won = results.filter((r) => r.status === 200)
    const lost = results.filter((r) => r.status === 409)
    assert.lengthOf(won, 1, JSON.stringify(results.map((r) => [r.status, r.body?.message])))
    assert.lengthOf(lost, CARRIERS - 1)
    for (const res of lost) assert.equal(res.body.message, 'Job may have already been accepted')
    const job = await ExpeditedJob.findOrFail(id)
    assert.equal(job.status, 'ACCEPTED')
    const winner = carriers[results.indexOf(won[0])]
    assert.equal(job.carrierId, (await carrierOf(winner)).id)
    assert.equal(won[0].body.carrierName, (await carrierOf(winner)).companyName)
  })

  test('the shipper cancels while carriers accept: one of them wins, never both', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carriers = await Promise.all(Array.from({ length: 6 }, () => expCarrier()))
    const [shipperSession] = await signIn([shipper], [second.url])
    const created = await shipperSession.request('POST', '/api/expedited-jobs', expeditedForm())
    const id = created.body.job.id
    assert.equal((await payJob(shipperSession, id)).status, 200)
    const sessions = await signIn(carriers, [baseUrl(), second.url])

    const [cancel, ...accepts] = await Promise.all([
      shipperSession.request('POST', `/api/expedited-jobs/${id}/cancel`),
      ...sessions.map((s) => s.request('POST', `/api/expedited-jobs/${id}/accept`)),
    ])

    const job = await ExpeditedJob.findOrFail(id)
    const acceptedCount = accepts.filter((r) => r.status === 200).length
    assert.isAtMost(acceptedCount, 1)
    for (const res of accepts.filter((r) => r.status !== 200)) assert.equal(res.status, 409)
    if (job.status === 'CANCELLED') {
      // cancelled first, or after the winning accept (a shipper may cancel an accepted job)
      assert.equal(cancel.status, 200)
    } else {
      assert.equal(job.status, 'ACCEPTED')
      assert.equal(acceptedCount, 1)
      assert.equal(cancel.status, 409)
    }
  })

  test('the payment’s confirmation and the shipper’s cancel at once: one outcome, money exact', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const [onFirst, onSecond] = await signIn([shipper, shipper], [baseUrl(), second.url])
    for (let round = 0; round < 3; round++) {
      const created = await onFirst.request('POST', '/api/expedited-jobs', expeditedForm())
      assert.equal(created.status, 201, created.text)
      const id = created.body.job.id
      const intent = await onFirst.request('POST', `/api/expedited-jobs/${id}/payment-intent`, {})
      assert.equal(intent.status, 200, intent.text)

      // The card (whose confirmed webhook offers the job) and the cancel, at the same moment.
      const [card, cancel] = await Promise.all([
        onFirst.request('POST', '/api/sandbox/payments/confirm', {
          clientSecret: intent.body.clientSecret,
          ...sandboxCard(),
        }),
        onSecond.request('POST', `/api/expedited-jobs/${id}/cancel`),
      ])
      assert.equal(cancel.status, 200, cancel.text)
      // Either the card was taken (and is refunded) or the cancel came first and the card was
      // refused (409: not payable): never an offered job, never money kept.
      assert.oneOf(card.status, [200, 409], card.text)
      const cents = toCents(created.body.job.price)
      // The webhook's refund of a charge that found the job cancelled follows its commit.
      for (let wait = 0; card.status === 200 && wait < 100; wait++) {
        if ((await ExpeditedJob.findOrFail(id)).paymentStatus === 'refunded') break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const job = await ExpeditedJob.findOrFail(id)
      assert.equal(job.status, 'CANCELLED')
      const payment = await ExpeditedPayment.findByOrFail('expeditedJobId', id)
      const lines = await db
        .from('ledger_entries')
        .where('txn', 'like', `expedited-${id}-%`)
        .select('txn', 'account', 'amount_cents')
      const sum = (txn: string, account: string) =>
        lines
          .filter((l) => l.txn === `expedited-${id}-${txn}` && l.account === account)
          .reduce((total, l) => total + Number(l.amount_cents), 0)
      const refunds = (
        await db
          .from('sandbox_refunds')
          .where('payment_id', payment.paymentIntentId)
          .count('* as n')
      )[0].n
      if (card.status === 200) {
        assert.equal(job.paymentStatus, 'refunded')
        assert.equal(payment.status, 'REFUNDED')
        assert.equal(sum('charge', 'provider_cash'), cents)
        assert.equal(sum('refund', 'provider_cash'), -cents)
        assert.equal(Number(refunds), 1, 'refunded once')
      } else {
        assert.equal(job.paymentStatus, 'pending')
        assert.lengthOf(lines, 0)
        assert.equal(Number(refunds), 0)
      }
      assert.equal(
        lines.reduce((total, l) => total + Number(l.amount_cents), 0),
        0,
        'every transaction balances'
      )
    }
  })
})
