/*
 * A delivered expedited job's carrier pay goes out through the payout run (docs/decisions/0188):
 * due 48 hours after delivery, held for a carrier who cannot be paid yet, retried after a
 * refused transfer, transferred once (also by two `payouts:release` processes at once), on
 * the ledger as `expedited-<id>-payout`, in the carrier's payout history as its EXP row, and
 * checked by the reconciliation.
 */
import { spawn } from 'node:child_process'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { splitPayout, toCents } from '#core/money'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import PayoutService from '#payments/services/payout_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import PayoutAttentionService from '#payments/services/payout_attention_service'
import AuditService from '#payments/services/audit_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedSteps } from '#tests/deliveries'
import { carrierOf } from '#tests/factories'
import type User from '#accounts/models/user'
import { asCaller, expCarrier, expeditedForm, payJob } from '#logistics/tests/expedited_helpers'

const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)

/** Connects the carrier's payout account at the sandbox, onboarded unless told not to. */
async function payoutAccount(user: User, onboarded = true) {
  const service = await app.container.make(CarrierPaymentsService)
  const { url } = await service.onboard(user.id, user.email, 'http://127.0.0.1:3333')
  const accountId = new URL(url).pathname.split('/').pop()!
  if (onboarded) await service.completeSandboxOnboarding(user.id, accountId)
  return accountId
}

/** A paid expedited job the carrier accepted, picked up and delivered (6 hours later). */
async function deliveredJob(client: any, carrierUser: User) {
  const shipper = await makeUser('shipper')
  const res = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm())
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(201)
  const job = res.body().job as { id: number; price: number }
  await payJob(asCaller(client, shipper), job.id)
  for (const step of ['accept', 'pickup']) {
    const moved = await client
      .post(`/api/expedited-jobs/${job.id}/${step}`)
      .loginAs(carrierUser)
      .withCsrfToken()
    moved.assertStatus(200)
  }
  clock.advance({ hours: 6 })
  // Delivered by the driver's signed step (docs/decisions/0264).
  ;(await recordExpeditedSteps(client, carrierUser, job.id)).assertStatus(201)
  return { ...job, cents: toCents(job.price) }
}

const transfersOf = (jobId: number) =>
  db.from('sandbox_transfers').where('transfer_group', `expedited_job_${jobId}`)

const paymentOf = (jobId: number) =>
  db
    .from('expedited_payments')
    .where('expedited_job_id', jobId)
    .where('status', 'SUCCEEDED')
    .first()

async function payableOf(carrierId: number) {
  const [row] = await db
    .from('ledger_entries')
    .where('account', `carrier_payable:${carrierId}`)
    .sum('amount_cents as total')
  return Number(row.total ?? 0)
}

async function assertClean(assert: any) {
  assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])
  for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)
}

test.group('Expedited payouts', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => clock)
    clock.set(NOW)
    return () => app.container.restore(Clock)
  })
  group.each.timeout(60_000)

  test('due 48 hours after delivery, paid once by the one split, on the ledger and in the history', async ({
    client,
    assert,
  }) => {
    const carrierUser = await expCarrier()
    await payoutAccount(carrierUser)
    const carrier = await carrierOf(carrierUser)
    const job = await deliveredJob(client, carrierUser)
    const split = splitPayout(job.cents)
    const payouts = await app.container.make(PayoutService)

    const released = await paymentOf(job.id)
    assert.equal(released.payout_status, 'released')
    assert.equal(Number(released.carrier_id), carrier.id)
    let history = await client.get('/api/carrier/payouts').loginAs(carrierUser)
    assert.containsSubset(history.body()[0], {
      reference: `EXP-${String(job.id).padStart(3, '0')}`,
      kind: 'expedited',
      totalAmount: job.price,
      payoutStatus: 'released',
    })
    assert.equal(toCents(history.body()[0].payoutAmount), split.payoutCents)

    // Not before the 48 hours.
    clock.advance({ hours: 47, minutes: 59 })
    assert.deepEqual((await payouts.run()).expedited.paid, [])
    assert.lengthOf(await transfersOf(job.id), 0)
    clock.advance({ minutes: 1 })
    assert.deepEqual((await payouts.run()).expedited, { paid: [job.id], held: [], failed: [] })

    const transfers = await transfersOf(job.id)
    assert.lengthOf(transfers, 1)
    assert.equal(Number(transfers[0].amount_cents), split.payoutCents)
    assert.equal(transfers[0].idempotency_key, `expedited-job-${job.id}-payout`)
    const paid = await paymentOf(job.id)
    assert.equal(paid.payout_status, 'paid')
    assert.equal(paid.transfer_id, transfers[0].id)
    const lines = await db.from('ledger_entries').where('txn', `expedited-${job.id}-payout`)
    assert.lengthOf(lines, 2)
    assert.isTrue(lines.every((line) => line.booking_id === null))
    assert.equal(await payableOf(carrier.id), 0, 'the carrier is owed nothing more')

    // Again: nothing more goes out.
    assert.deepEqual((await payouts.run()).expedited.paid, [])
    assert.lengthOf(await transfersOf(job.id), 1)
    history = await client.get('/api/carrier/payouts').loginAs(carrierUser)
    assert.equal(history.body()[0].payoutStatus, 'paid')
    await assertClean(assert)
  })

  test('held until the carrier finishes onboarding, then paid; shown to the admins meanwhile', async ({
    client,
    assert,
  }) => {
    const carrierUser = await expCarrier()
    const accountId = await payoutAccount(carrierUser, false)
    const job = await deliveredJob(client, carrierUser)
    clock.advance({ hours: 48 })
    const payouts = await app.container.make(PayoutService)
    assert.deepEqual((await payouts.run()).expedited, { paid: [], held: [job.id], failed: [] })
    assert.lengthOf(await transfersOf(job.id), 0)
    const views = await app.container.make(PayoutAttentionService)
    assert.containsSubset(await views.expeditedAttention(), [
      { reference: `EXP-${String(job.id).padStart(3, '0')}`, expeditedJobId: job.id, held: true },
    ])
    // Holding is not an attempt.
    assert.equal(Number((await paymentOf(job.id)).payout_attempts), 0)

    const { default: payments } = await import('#plugins/payments/services/main')
    await (await payments.sandbox())!.completeOnboarding(accountId)
    assert.equal((await paymentOf(job.id)).payout_status, 'paid')
    assert.lengthOf(await transfersOf(job.id), 1)
    await assertClean(assert)
  })

  test('a refused transfer fails with the reason and is retried after its backoff', async ({
    client,
    assert,
  }) => {
    const carrierUser = await expCarrier()
    const accountId = await payoutAccount(carrierUser, false)
    const carrier = await carrierOf(carrierUser)
    // Our records say onboarded; the provider refuses the transfer.
    await db.from('carriers').where('id', carrier.id).update({ stripe_onboarding_completed: true })
    const job = await deliveredJob(client, carrierUser)
    clock.advance({ hours: 48 })
    const payouts = await app.container.make(PayoutService)
    assert.deepEqual((await payouts.run()).expedited.failed, [job.id])
    const failed = await paymentOf(job.id)
    assert.equal(failed.payout_status, 'failed')
    assert.include(failed.payout_failure_reason, 'capabilities')
    assert.equal(Number(failed.payout_attempts), 1)
    const views = await app.container.make(PayoutAttentionService)
    const admin = await makeUser('admin')
    const listed = await client.get('/api/admin/payouts/attention').loginAs(admin)
    listed.assertStatus(200)
    assert.containsSubset(listed.body().expeditedPayouts, [
      { expeditedJobId: job.id, payoutStatus: 'failed', held: false, attempts: 1 },
    ])
    assert.lengthOf(await views.expeditedAttention(), 1)

    clock.advance({ minutes: 4 })
    assert.deepEqual((await payouts.run()).expedited.failed, [], 'still backing off')
    clock.advance({ minutes: 1 })
    assert.deepEqual((await payouts.run()).expedited.failed, [job.id])
    assert.equal(Number((await paymentOf(job.id)).payout_attempts), 2)
    // An operator's retry (`payouts:release --retry-expedited <id>`): attempts start again.
    assert.equal(await payouts.retryExpedited(job.id), 'failed')
    assert.equal(Number((await paymentOf(job.id)).payout_attempts), 1)
    assert.equal(await payouts.retryExpedited(job.id + 1000), 'skipped')
    assert.lengthOf(await transfersOf(job.id), 0)

    // The console's Retry now: admins only, by the job; the carrier now onboarded, it pays.
    const retryUrl = (id: number | string) => `/api/admin/expedited-payouts/${id}/retry`
    const asCarrier = await client.post(retryUrl(job.id)).loginAs(carrierUser).withCsrfToken()
    asCarrier.assertStatus(403)
    const unknown = await client
      .post(retryUrl(job.id + 1000))
      .loginAs(admin)
      .withCsrfToken()
    unknown.assertStatus(404)
    unknown.assertBody({ message: 'Expedited payout not found' })
    const again = await client.post(retryUrl(job.id)).loginAs(admin).withCsrfToken()
    again.assertStatus(200)
    assert.containsSubset(again.body(), {
      outcome: 'failed',
      payout: { expeditedJobId: job.id, payoutStatus: 'failed', attempts: 1 },
    })
    const { default: payments } = await import('#plugins/payments/services/main')
    await db.from('carriers').where('id', carrier.id).update({ stripe_onboarding_completed: false })
    await (await payments.sandbox())!.completeOnboarding(accountId)
    // Onboarding pays it at once (held payouts are paid then); a retry now finds nothing failed.
    assert.equal((await paymentOf(job.id)).payout_status, 'paid')
    const notFailed = await client.post(retryUrl(job.id)).loginAs(admin).withCsrfToken()
    notFailed.assertStatus(409)
    notFailed.assertBody({ message: 'This payout has not failed' })
    assert.lengthOf(await transfersOf(job.id), 1)
    await assertClean(assert)
  })

  test('the reconciliation reports a tampered expedited line', async ({ client, assert }) => {
    const carrierUser = await expCarrier()
    await payoutAccount(carrierUser)
    const job = await deliveredJob(client, carrierUser)
    clock.advance({ hours: 48 })
    await (await app.container.make(PayoutService)).run()
    await assertClean(assert)

    // The payout's transfer is booked 1 cent short on both sides: balanced, but wrong.
    const lines = await db.from('ledger_entries').where('txn', `expedited-${job.id}-payout`)
    for (const line of lines) {
      const amount = Number(line.amount_cents)
      await db
        .from('ledger_entries')
        .where('id', line.id)
        .update({ amount_cents: amount > 0 ? amount - 1 : amount + 1 })
    }
    const report = await new ReconciliationService().reconcile()
    const reference = `EXP-${String(job.id).padStart(3, '0')}`
    assert.isAbove(report.problems.filter((p) => p.reference === reference).length, 0)
    assert.match(
      report.problems.find((p) => p.reference === reference)!.problem,
      /payout paid: transferred/
    )
  })
})

/** `node ace payouts:release` as its own process, against the test database and server. */
function aceRelease(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['ace', 'payouts:release'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SQLITE_FILE: process.env.SQLITE_FILE ?? 'tmp/test.sqlite3',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

test.group('Expedited payouts under concurrency', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    // The processes run on the real clock: the jobs are delivered by it.
    clock.set(DateTime.now())
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })
  group.each.timeout(120_000)

  test('two `node ace payouts:release` processes at the same time pay each job once', async ({
    client,
    assert,
  }) => {
    const carrierUser = await expCarrier()
    await payoutAccount(carrierUser)
    const jobs = []
    for (let i = 0; i < 4; i++) jobs.push(await deliveredJob(client, carrierUser))
    // Delivered 49 hours ago by the real clock: due now.
    const due = DateTime.now().minus({ hours: 1 })
    await db
      .from('expedited_payments')
      .whereNotNull('payout_status')
      .update({ payout_due_at: due.toFormat(db.connection().dialect.dateTimeFormat) })

    const [first, second] = await Promise.all([aceRelease(), aceRelease()])
    assert.equal(first.code, 0, first.output)
    assert.equal(second.code, 0, second.output)
    const paidCounts = [first.output, second.output].map((out) =>
      Number(/expedited jobs: paid (\d+)/.exec(out)?.[1] ?? 0)
    )
    assert.equal(paidCounts[0] + paidCounts[1], jobs.length, `${first.output}\n${second.output}`)
    for (const job of jobs) {
      assert.lengthOf(await transfersOf(job.id), 1, `one transfer for job ${job.id}`)
      assert.equal((await paymentOf(job.id)).payout_status, 'paid')
      const lines = await db.from('ledger_entries').where('txn', `expedited-${job.id}-payout`)
      assert.lengthOf(lines, 2)
    }
    await assertClean(assert)
  })
})
