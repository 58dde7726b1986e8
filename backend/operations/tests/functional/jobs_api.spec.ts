import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { sqlTimestamp } from '#core/timestamps'
import { jobRegistry } from '#operations/services/job_registry'
import { eachTestInTransaction, makeUser } from '#tests/helpers'

const at = (iso: string) => sqlTimestamp(DateTime.fromISO(iso), db.connection())

async function recordRun(job: string, outcome: string, startedIso: string, seconds = 2) {
  const started = DateTime.fromISO(startedIso)
  const [id] = await db
    .table('job_runs')
    .insert({
      job,
      instance: 'web-1:42',
      started_at: at(startedIso),
      finished_at: outcome === 'running' ? null : at(started.plus({ seconds }).toISO()!),
      outcome,
      counts: outcome === 'ok' ? JSON.stringify({ paid: 3 }) : null,
      error: outcome === 'failed' ? 'Stripe unreachable' : null,
    })
    .returning('id')
  return Number(typeof id === 'object' ? id.id : id)
}

test.group('GET /api/admin/jobs and /api/admin/jobs/runs', (group) => {
  eachTestInTransaction(group)

  test('every scheduled job with its interval and newest run', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    await recordRun('payouts:release', 'failed', '2026-03-02T09:00:00Z')
    const newest = await recordRun('payouts:release', 'ok', '2026-03-02T09:05:00Z', 4)

    const res = await client.get('/api/admin/jobs').loginAs(admin)
    res.assertStatus(200)
    const jobs = res.body().jobs
    assert.deepEqual(
      jobs.map((j: any) => j.name),
      jobRegistry.all().map((j) => j.name)
    )
    assert.isAbove(jobs.length, 5)
    const payouts = jobs.find((j: any) => j.name === 'payouts:release')
    assert.include(payouts.lastRun, { id: newest, outcome: 'ok', durationMs: 4000 })
    assert.deepEqual(payouts.lastRun.counts, { paid: 3 })
    assert.equal(payouts.lastRun.startedAt, '2026-03-02T09:05:00.000Z')
    assert.isNull(jobs.find((j: any) => j.name === 'freight:expire').lastRun)
  })

  test('runs newest first, by job and outcome, 20 a page', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    for (let i = 0; i < 22; i++) {
      await recordRun('freight:expire', 'ok', `2026-03-02T10:${String(i).padStart(2, '0')}:00Z`)
    }
    const failed = await recordRun('payouts:release', 'failed', '2026-03-02T11:00:00Z')

    const first = await client.get('/api/admin/jobs/runs').loginAs(admin)
    first.assertStatus(200)
    assert.equal(first.body().data[0].id, failed)
    assert.lengthOf(first.body().data, 20)
    assert.deepEqual(first.body().meta, { total: 23, perPage: 20, currentPage: 1, lastPage: 2 })

    const second = await client.get('/api/admin/jobs/runs?job=freight:expire&page=2').loginAs(admin)
    assert.lengthOf(second.body().data, 2)
    assert.equal(second.body().meta.total, 22)

    const failures = await client.get('/api/admin/jobs/runs?outcome=failed').loginAs(admin)
    assert.deepEqual(
      failures.body().data.map((r: any) => [r.id, r.error]),
      [[failed, 'Stripe unreachable']]
    )
  })

  test('bad filters are 422 with their messages', async ({ client }) => {
    const admin = await makeUser('admin')
    const cases = [
      ['outcome=lost', 'outcome', 'Outcome must be running, ok or failed'],
      ['page=0', 'page', 'Page must be a whole number from 1'],
      ['page=1.5', 'page', 'Page must be a whole number from 1'],
      [`job=${'x'.repeat(65)}`, 'job', 'Job must be a job name of at most 64 characters'],
    ]
    for (const [qs, field, message] of cases) {
      const res = await client.get(`/api/admin/jobs/runs?${qs}`).loginAs(admin)
      res.assertStatus(422)
      res.assertBodyContains({ errors: [{ field, message }] })
    }
  })

  test('shippers and carriers are refused; signed out is 401', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    for (const path of ['/api/admin/jobs', '/api/admin/jobs/runs']) {
      ;(await client.get(path).loginAs(shipper)).assertStatus(403)
      ;(await client.get(path).loginAs(carrier)).assertStatus(403)
      ;(await client.get(path)).assertStatus(401)
    }
  })
})
