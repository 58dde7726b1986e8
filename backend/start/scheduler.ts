/*
 * Scheduled work inside the web process (docs/operations.md, "Scheduled work"). `npm start`
 * turns it on with SCHEDULER_ENABLED=true; with several web instances, enable it on one (or
 * run the same ace commands from cron instead). Every job is safe to run concurrently anyway:
 * each guards its rows with conditional updates.
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'

type Job = { name: string; everySeconds: number; run: () => Promise<unknown> }

const jobs: Job[] = [
  {
    // Releases payouts whose delivery is 48 hours old and retries failed or held transfers.
    name: 'payouts:release',
    everySeconds: env.get('PAYOUT_RELEASE_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: PayoutService } = await import('#payments/services/payout_service')
      return (await app.container.make(PayoutService)).run()
    },
  },
  {
    // Cancels bookings left unpaid past their 30-minute deadline, freeing their pallets.
    name: 'bookings:expire-unpaid',
    everySeconds: env.get('PAYMENT_DEADLINE_INTERVAL_SECONDS') ?? 60,
    async run() {
      const { default: PaymentDeadlineService } =
        await import('#payments/services/payment_deadline_service')
      return (await app.container.make(PaymentDeadlineService)).expireUnpaid()
    },
  },
  {
    // Records freight-board holds past their 30 minutes and loads past their expiry.
    name: 'freight:expire',
    everySeconds: 60,
    async run() {
      const { default: FreightLifecycleService } =
        await import('#freight_board/services/freight_lifecycle_service')
      return (await app.container.make(FreightLifecycleService)).expire()
    },
  },
  {
    // Flags expedited jobs at risk of their SLA and records missed SLAs (with alerts).
    name: 'expedited:sla',
    everySeconds: 60,
    async run() {
      const { default: ExpeditedSlaService } =
        await import('#logistics/services/expedited_sla_service')
      return (await app.container.make(ExpeditedSlaService)).check()
    },
  },
  {
    // Fetches partner bills of lading whose queue row is due (backoff between attempts).
    name: 'tms:fetch-bols',
    everySeconds: env.get('BOL_FETCH_INTERVAL_SECONDS') ?? 60,
    async run() {
      const { default: BolFetchService } = await import('#tms/services/bol_fetch_service')
      return (await app.container.make(BolFetchService)).run()
    },
  },
  {
    // Milestones of moving partner bookings (their partner's track, else the simulator).
    name: 'tms:simulate',
    everySeconds: env.get('TMS_SIMULATE_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: TrackingSimulationService } =
        await import('#tms/services/tracking_simulation_service')
      return (await app.container.make(TrackingSimulationService)).run()
    },
  },
  {
    // Re-vets approved carriers daily: verified follows the census; out-of-service suspends.
    name: 'carriers:revet',
    everySeconds: env.get('CARRIER_REVET_INTERVAL_SECONDS') ?? 24 * 60 * 60,
    async run() {
      const { default: RevetService } = await import('#trust/services/revet_service')
      return (await app.container.make(RevetService)).run()
    },
  },
  {
    // Publishes reviews whose 14-day window closed with one side written (into the ratings).
    name: 'ratings:refresh',
    everySeconds: env.get('RATINGS_REFRESH_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: ReviewPublicationService } =
        await import('#reviews/services/review_publication_service')
      return (await app.container.make(ReviewPublicationService)).publishDue()
    },
  },
]

/** Runs a job now and then every `everySeconds`, never overlapping itself. */
function schedule(job: Job) {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await job.run()
    } catch (error) {
      logger.error({ err: error, job: job.name }, 'scheduled job failed')
    } finally {
      running = false
    }
  }
  const timer = setInterval(tick, job.everySeconds * 1000)
  timer.unref()
  // First run shortly after boot, once the server is listening.
  setTimeout(tick, 5000).unref()
  app.terminating(() => clearInterval(timer))
}

if (env.get('SCHEDULER_ENABLED')) {
  for (const job of jobs) schedule(job)
  logger.info({ jobs: jobs.map((j) => `${j.name} every ${j.everySeconds}s`) }, 'scheduler on')
}
