import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import JobRunner, { type ScheduledJob } from '#operations/services/job_runner'
import { startScheduler, type SchedulerTimers } from '#operations/services/scheduler'
import { resetDatabase } from '#tests/helpers'

const BOOT = DateTime.fromISO('2026-03-02T09:00:00', { zone: 'America/New_York' })

type Timer = { at: number; run: () => unknown; id: number }

/**
 * Timers on the test's clock: `advance` moves the FixedClock forward and fires every timer due
 * on the way, in order, waiting for what each one started (its tick and the next timer).
 */
class FakeTimers implements SchedulerTimers {
  #timers: Timer[] = []
  #ids = 0
  constructor(private clock: FixedClock) {}

  setTimeout(run: () => unknown, ms: number) {
    const id = ++this.#ids
    this.#timers.push({ at: this.clock.now().toMillis() + Math.max(0, ms), run, id })
    return id
  }

  clearTimeout(timer: unknown) {
    this.#timers = this.#timers.filter((t) => t.id !== timer)
  }

  async advance(seconds: number) {
    const until = this.clock.now().toMillis() + seconds * 1000
    for (;;) {
      const due = this.#timers
        .filter((t) => t.at <= until)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0]
      if (!due) break
      this.clock.set(DateTime.fromMillis(due.at, { zone: BOOT.zone }))
      this.clearTimeout(due.id)
      await due.run()
    }
    this.clock.set(DateTime.fromMillis(until, { zone: BOOT.zone }))
  }
}

/** Seconds after boot at which the job ran. */
function recordingJob(everySeconds: number, clock: FixedClock) {
  const ranAt: number[] = []
  const job: ScheduledJob = {
    name: 'test:scheduled',
    description: 'a job the test watches',
    everySeconds,
    async run() {
      ranAt.push(clock.now().diff(BOOT, 'seconds').seconds)
    },
  }
  return { job, ranAt }
}

/**
 * The in-process scheduler on the injected clock (docs/decisions/0140): after a start, the
 * first tick of a job lands within one interval of its last run, and the ticks after it follow
 * one interval apart, not every other one.
 */
test.group('Scheduler timers after a start', (group) => {
  let clock: FixedClock
  let timers: FakeTimers
  let stop: (() => Promise<void>) | undefined
  group.each.setup(async () => {
    await resetDatabase()
    clock = new FixedClock(BOOT)
    timers = new FakeTimers(clock)
    app.container.swap(Clock, () => clock)
    return async () => {
      await stop?.()
      stop = undefined
      app.container.restore(Clock)
    }
  })

  test('a job that never ran runs soon after boot, then once per interval', async ({ assert }) => {
    const { job, ranAt } = recordingJob(60, clock)
    stop = await startScheduler({ jobs: [job], timers })
    await timers.advance(300)
    assert.isAtMost(ranAt[0], 10, 'soon after boot')
    const gaps = ranAt.slice(1).map((at, i) => at - ranAt[i])
    assert.isAtLeast(gaps.length, 4, `runs at ${ranAt.join(', ')}`)
    for (const gap of gaps) assert.closeTo(gap, 60, 1, `runs at ${ranAt.join(', ')}`)
  })

  test('after a restart, the first tick comes one interval after the last run ({$self}s job)')
    .with([60, 30])
    .run(async ({ assert }, everySeconds) => {
      const { job, ranAt } = recordingJob(everySeconds, clock)
      // The previous process ran the job two thirds of an interval before this boot.
      const lastRun = -Math.round((everySeconds * 2) / 3)
      clock.set(BOOT.plus({ seconds: lastRun }))
      assert.isNumber(await (await app.container.make(JobRunner)).tick(job, 'previous-process'))
      ranAt.length = 0
      clock.set(BOOT)

      stop = await startScheduler({ jobs: [job], timers })
      await timers.advance(everySeconds * 4)
      const first = ranAt[0]
      assert.isDefined(first, 'ran after the start')
      assert.isAtMost(first - lastRun, everySeconds + 1, `first run ${first}s after boot`)
      const gaps = ranAt.slice(1).map((at, i) => at - ranAt[i])
      for (const gap of gaps) assert.closeTo(gap, everySeconds, 1, `runs at ${ranAt.join(', ')}`)
    })

  test('a tick another instance ran is not run again here; the next one is on time', async ({
    assert,
  }) => {
    const { job, ranAt } = recordingJob(60, clock)
    stop = await startScheduler({ jobs: [job], timers })
    await timers.advance(3)
    assert.isNumber(await (await app.container.make(JobRunner)).tick(job, 'web-2'))
    await timers.advance(200)
    assert.deepEqual(ranAt, [3, 63, 123, 183])
  })

  test('a tick another instance took and never finished: taken here once its hold lapses', async ({
    assert,
  }) => {
    const { job, ranAt } = recordingJob(60, clock)
    stop = await startScheduler({ jobs: [job], timers })
    await timers.advance(3)
    assert.isTrue(await (await app.container.make(JobRunner)).take(job, 'crashed'))
    await timers.advance(20 * 60)
    // Held for 15 minutes from second 3; this instance looks again at least once an interval.
    assert.isAtLeast(ranAt[0], 903)
    assert.isAtMost(ranAt[0], 903 + 60)
    const gaps = ranAt.slice(1).map((at, i) => at - ranAt[i])
    for (const gap of gaps) assert.closeTo(gap, 60, 1, `runs at ${ranAt.join(', ')}`)
  })
})
