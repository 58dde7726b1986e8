import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import JobRunner, { type ScheduledJob } from '#operations/services/job_runner'
import JobRunsService from '#operations/services/job_runs_service'
import { resetDatabase } from '#tests/helpers'

const START = DateTime.fromISO('2026-03-02T09:00:00', { zone: 'America/New_York' })

function job(run: () => Promise<unknown>, everySeconds = 60): ScheduledJob {
  return { name: 'test:job', description: 'a test job', everySeconds, run }
}

/** docs/decisions/0140: each tick of a job runs on one instance at most, and is recorded. */
test.group('Scheduled jobs: one run per tick, recorded', (group) => {
  let clock: FixedClock
  group.each.setup(async () => {
    await resetDatabase()
    clock = new FixedClock(START)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('a due tick runs and is recorded; the same tick elsewhere does not run', async ({
    assert,
  }) => {
    const runner = await app.container.make(JobRunner)
    let runs = 0
    const counted = job(async () => ({ paid: ++runs }))
    const first = await runner.tick(counted, 'web-1')
    assert.isNumber(first)
    assert.isNull(await runner.tick(counted, 'web-2'))
    assert.isNull(await runner.tick(counted, 'web-1'))
    assert.equal(runs, 1)

    const row = await db.from('job_runs').where('id', first!).firstOrFail()
    assert.include(row, { job: 'test:job', instance: 'web-1', outcome: 'ok' })
    assert.deepEqual(JSON.parse(row.counts), { paid: 1 })
    assert.isNotNull(row.finished_at)

    clock.advance({ seconds: 59 }) // the next tick may start a second early (timer drift)
    assert.isNumber(await runner.tick(counted, 'web-2'))
    assert.equal(runs, 2)
  })

  test('a failure is recorded with its message and frees the job for the next tick', async ({
    assert,
  }) => {
    const runner = await app.container.make(JobRunner)
    const failing = job(async () => {
      throw new Error('provider unreachable')
    })
    const id = await runner.tick(failing, 'web-1')
    const row = await db.from('job_runs').where('id', id!).firstOrFail()
    assert.include(row, { outcome: 'failed', error: 'provider unreachable' })
    assert.isNull(row.counts)
    const lease = await db.from('job_leases').where('job', 'test:job').firstOrFail()
    assert.isNull(lease.holder)
    clock.advance({ minutes: 1 })
    assert.isNumber(await runner.tick(failing, 'web-2'))
  })

  test('a run still going holds the job past its interval; a crashed holder’s lease lapses', async ({
    assert,
  }) => {
    const runner = await app.container.make(JobRunner)
    const quick = job(async () => 0)
    assert.isTrue(await runner.take(quick, 'web-1')) // web-1 took the tick and then crashed
    clock.advance({ minutes: 5 })
    assert.isFalse(await runner.take(quick, 'web-2'), 'held for 15 minutes')
    clock.advance({ minutes: 10 })
    assert.isNumber(await runner.tick(quick, 'web-2'))
  })

  test('the run’s duration is measured to the millisecond, not derived from its timestamps', async ({
    assert,
  }) => {
    const runner = await app.container.make(JobRunner)
    // The business clock stands still here, and SQLite keeps timestamps to the second: only a
    // measured duration can say this run took about 40 ms.
    const slow = job(() => new Promise((resolve) => setTimeout(() => resolve({ waited: 1 }), 40)))
    const id = await runner.tick(slow, 'web-1')
    const {
      data: [run],
    } = await new JobRunsService().runs({ job: 'test:job' }, 1)
    assert.equal(run!.id, id)
    assert.isAtLeast(run!.durationMs!, 35)
    assert.isBelow(run!.durationMs!, 5000)
  })
})
