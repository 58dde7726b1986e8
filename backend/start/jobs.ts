/*
 * The scheduled jobs (docs/operations.md, "Scheduled work"): what runs, how often, and what
 * it calls. Loaded in every environment so the admin console and the CLI can list them; the
 * timers start only in backend/start/scheduler.ts (SCHEDULER_ENABLED) or `node ace
 * scheduler:run`, and each tick runs on one instance at most (docs/decisions/0140).
 */
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { jobRegistry } from '#operations/services/job_registry'

jobRegistry.define([
  {
    name: 'payouts:release',
    description:
      'Releases payouts whose delivery is 48 hours old and retries failed or held transfers.',
    everySeconds: env.get('PAYOUT_RELEASE_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: PayoutService } = await import('#payments/services/payout_service')
      return (await app.container.make(PayoutService)).run()
    },
  },
  {
    name: 'bookings:expire-unpaid',
    description:
      'Cancels bookings left unpaid past their 30-minute deadline, freeing their pallets.',
    everySeconds: env.get('PAYMENT_DEADLINE_INTERVAL_SECONDS') ?? 60,
    async run() {
      const { default: PaymentDeadlineService } =
        await import('#payments/services/payment_deadline_service')
      return (await app.container.make(PaymentDeadlineService)).expireUnpaid()
    },
  },
  {
    name: 'freight:expire',
    description: 'Records freight-board holds past their 30 minutes and loads past their expiry.',
    everySeconds: 60,
    async run() {
      const { default: FreightLifecycleService } =
        await import('#freight_board/services/freight_lifecycle_service')
      return (await app.container.make(FreightLifecycleService)).expire()
    },
  },
  {
    name: 'expedited:sla',
    description:
      'Expires and refunds expedited jobs unpaid or unaccepted by their deadline, flags jobs at risk of their SLA and records missed SLAs (with alerts).',
    everySeconds: 60,
    async run() {
      const { default: ExpeditedJobService } =
        await import('#logistics/services/expedited_job_service')
      const { default: ExpeditedSlaService } =
        await import('#logistics/services/expedited_sla_service')
      const expiry = await (await app.container.make(ExpeditedJobService)).expireOverdue()
      return { ...expiry, ...(await (await app.container.make(ExpeditedSlaService)).check()) }
    },
  },
  {
    name: 'tms:fetch-bols',
    description:
      'Fetches partner bills of lading whose queue row is due (backoff between attempts).',
    everySeconds: env.get('BOL_FETCH_INTERVAL_SECONDS') ?? 60,
    async run() {
      const { default: BolFetchService } = await import('#tms/services/bol_fetch_service')
      return (await app.container.make(BolFetchService)).run()
    },
  },
  {
    name: 'tms:simulate',
    description:
      "Milestones of moving partner bookings (their partner's track, else the simulator).",
    everySeconds: env.get('TMS_SIMULATE_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: TrackingSimulationService } =
        await import('#tms/services/tracking_simulation_service')
      return (await app.container.make(TrackingSimulationService)).run()
    },
  },
  {
    name: 'carriers:revet',
    description:
      'Re-vets approved carriers daily: verified follows the census; out-of-service suspends.',
    everySeconds: env.get('CARRIER_REVET_INTERVAL_SECONDS') ?? 24 * 60 * 60,
    async run() {
      const { default: RevetService } = await import('#trust/services/revet_service')
      return (await app.container.make(RevetService)).run()
    },
  },
  {
    name: 'ratings:refresh',
    description:
      'Publishes reviews whose 14-day window closed with one side written (into the ratings).',
    everySeconds: env.get('RATINGS_REFRESH_INTERVAL_SECONDS') ?? 300,
    async run() {
      const { default: ReviewPublicationService } =
        await import('#reviews/services/review_publication_service')
      return (await app.container.make(ReviewPublicationService)).publishDue()
    },
  },
  {
    name: 'drayage:charges',
    description:
      'Drayage running totals (demurrage, per diem) and the alerts before last free days.',
    everySeconds: env.get('DRAYAGE_CHARGES_INTERVAL_SECONDS') ?? 24 * 60 * 60,
    async run() {
      const { default: DrayageDailyRun } = await import('#logistics/services/drayage_daily_run')
      return (await app.container.make(DrayageDailyRun)).run()
    },
  },
  {
    name: 'notifications:digest',
    description:
      "Mails each user's digest of the business day that ended: unread notifications of the kinds they get by digest.",
    everySeconds: env.get('NOTIFICATION_DIGEST_INTERVAL_SECONDS') ?? 60 * 60,
    async run() {
      const { default: DigestService } = await import('#notifications/services/digest_service')
      return (await app.container.make(DigestService)).run()
    },
  },
])
