import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import JobRunner, { type ScheduledJob } from '#operations/services/job_runner'
import { jobRegistry } from '#operations/services/job_registry'

/** Delay before the first tick, so a booting web process is listening first. */
const FIRST_TICK_MS = 5000

/**
 * Starts a timer per registered job in this process. Every instance may run the scheduler:
 * each tick goes through the job's lease (JobRunner), so it runs on one instance at most, and
 * a job never overlaps itself here. Returns a stop function (also called on shutdown).
 */
export async function startScheduler(): Promise<() => Promise<void>> {
  const runner = await app.container.make(JobRunner)
  const jobs = jobRegistry.all()
  const inFlight = new Set<Promise<unknown>>()
  const timers: NodeJS.Timeout[] = []
  let stopped = false

  const tick = (job: ScheduledJob, running: { now: boolean }) => async () => {
    if (running.now || stopped) return
    running.now = true
    const work = runner.tick(job).catch((error) => {
      logger.error({ err: error, job: job.name }, 'scheduled job could not run')
    })
    inFlight.add(work)
    try {
      await work
    } finally {
      inFlight.delete(work)
      running.now = false
    }
  }

  for (const job of jobs) {
    const run = tick(job, { now: false })
    timers.push(setInterval(run, job.everySeconds * 1000).unref())
    timers.push(setTimeout(run, FIRST_TICK_MS).unref())
  }
  logger.info({ jobs: jobs.map((j) => `${j.name} every ${j.everySeconds}s`) }, 'scheduler on')

  const stop = async () => {
    if (stopped) return
    stopped = true
    for (const timer of timers) clearTimeout(timer)
    // Runs already started finish (and record their outcome) before the process goes.
    await Promise.allSettled([...inFlight])
  }
  app.terminating(stop)
  return stop
}
