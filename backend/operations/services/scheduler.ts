import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import JobRunner, { type ScheduledJob } from '#operations/services/job_runner'
import { jobRegistry } from '#operations/services/job_registry'

/** Delay before the first tick, so a booting web process is listening first. */
const FIRST_TICK_MS = 5000
/** The shortest wait between two looks at a job (a tick another instance just took, say). */
const MIN_WAIT_MS = 1000
/** The wait after a tick that could not reach the database. */
const ERROR_WAIT_MS = 30_000

/** The timers the scheduler sets (tests pass timers on their own clock). */
export type SchedulerTimers = {
  setTimeout(run: () => unknown, ms: number): unknown
  clearTimeout(timer: unknown): void
}

const processTimers: SchedulerTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
}

/**
 * Starts a timer per registered job in this process. Every instance may run the scheduler:
 * each tick goes through the job's lease (JobRunner), so it runs on one instance at most, and
 * a job never overlaps itself here. Returns a stop function (also called on shutdown).
 *
 * Each job's timer is set from its lease row, not from this process's boot: after a tick
 * (run here, run elsewhere, or not due yet) the next one wakes when the lease says the job is
 * due (its last run's start plus the interval, whichever instance ran it), never later than
 * one interval away. So the first tick after a start lands within one interval of the last
 * run, and the ticks after it one interval apart (docs/operations.md, "Scheduled work").
 */
export async function startScheduler(
  options: { timers?: SchedulerTimers; jobs?: readonly ScheduledJob[] } = {}
): Promise<() => Promise<void>> {
  const runner = await app.container.make(JobRunner)
  const jobs = options.jobs ?? jobRegistry.all()
  const timers = options.timers ?? processTimers
  const inFlight = new Set<Promise<unknown>>()
  const pending = new Map<string, unknown>()
  let stopped = false

  /** Ticks the job (when due here), then sets its next timer; resolves once it is set. */
  const tick = (job: ScheduledJob) => async () => {
    pending.delete(job.name)
    if (stopped) return
    const interval = job.everySeconds * 1000
    const work = runner
      .tick(job)
      .then(() => runner.msUntilDue(job))
      .catch((error) => {
        logger.error({ err: error, job: job.name }, 'scheduled job could not run')
        return ERROR_WAIT_MS
      })
    inFlight.add(work)
    let wait: number
    try {
      wait = await work
    } finally {
      inFlight.delete(work)
    }
    if (stopped) return
    pending.set(
      job.name,
      timers.setTimeout(tick(job), Math.min(Math.max(wait, MIN_WAIT_MS), interval))
    )
  }

  for (const job of jobs) pending.set(job.name, timers.setTimeout(tick(job), FIRST_TICK_MS))
  logger.info({ jobs: jobs.map((j) => `${j.name} every ${j.everySeconds}s`) }, 'scheduler on')

  const stop = async () => {
    if (stopped) return
    stopped = true
    for (const timer of pending.values()) timers.clearTimeout(timer)
    pending.clear()
    // Runs already started finish (and record their outcome) before the process goes.
    await Promise.allSettled([...inFlight])
  }
  app.terminating(stop)
  return stop
}
