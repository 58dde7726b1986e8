import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { Clock } from '#core/clock'
import { expeditedReference } from '#core/reference'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount } from '#core/transactions'
import AlertNotifier from '#tms/services/alert_notifier'
import ExpeditedJob from '#logistics/models/expedited_job'
import { hasMissedSla, isAtRisk } from '#logistics/expedited_sla'
import { slaJobOf } from './expedited_presenter.js'
import { pushExpeditedChange } from './expedited_live.js'

/** Open jobs one check reads at most (oldest deadline first). */
const CHECK_LIMIT = 1000

export type SlaCheckResult = { flagged: number[]; cleared: number[]; missed: number[] }

/** What the scheduled check also does to jobs nobody paid for or accepted (decision 0188). */
export type ExpiryResult = { expired: number[]; refunded: number[] }

/**
 * Watches expedited SLAs (docs/decisions/0126, 0127): flags a job at risk when its projected
 * arrival leaves under 30 minutes before the deadline (and clears the flag when a position
 * brings it back), records a missed SLA once, and tells the alert rules of both. Each flag is
 * set by a conditional update, so only the run that set it alerts, however many run at once.
 */
@inject()
export default class ExpeditedSlaService {
  constructor(
    private clock: Clock,
    private alerts: AlertNotifier
  ) {}

  /** The scheduled check (`expedited:sla`): every open job, positions or not. */
  async check(): Promise<SlaCheckResult> {
    const result: SlaCheckResult = { flagged: [], cleared: [], missed: [] }
    const jobs = await ExpeditedJob.query()
      .whereIn('status', ['REQUESTED', 'ACCEPTED', 'PICKED_UP'])
      .where('slaMissed', false)
      .orderBy('deadlineAt', 'asc')
      .limit(CHECK_LIMIT)
    for (const job of jobs) await this.judge(job, result)
    return result
  }

  /** One job, after its position or status changed. */
  async evaluate(jobId: number): Promise<SlaCheckResult> {
    const result: SlaCheckResult = { flagged: [], cleared: [], missed: [] }
    const job = await ExpeditedJob.find(jobId)
    if (job) await this.judge(job, result)
    return result
  }

  private async judge(job: ExpeditedJob, result: SlaCheckResult) {
    const now = this.clock.now()
    const sla = slaJobOf(job)
    const client = db.connection()
    const stamp = sqlTimestamp(now, client)
    if (!job.slaMissed && hasMissedSla(sla, now, job.deliveredAt)) {
      const set = await client
        .from('expedited_jobs')
        .where('id', job.id)
        .where('sla_missed', false)
        .update({ sla_missed: true, sla_missed_at: stamp, updated_at: stamp })
      if (rowCount(set) === 1) {
        result.missed.push(job.id)
        pushExpeditedChange(job, 'sla_missed')
        await this.tell(job, 'missed', `SLA missed: not delivered by ${this.when(job)}`)
      }
      return
    }
    const risky = isAtRisk(sla, now)
    if (risky && !job.atRisk) {
      const set = await client
        .from('expedited_jobs')
        .where('id', job.id)
        .where('at_risk', false)
        .whereIn('status', ['REQUESTED', 'ACCEPTED', 'PICKED_UP'])
        .update({ at_risk: true, at_risk_at: stamp, updated_at: stamp })
      if (rowCount(set) === 1) {
        result.flagged.push(job.id)
        pushExpeditedChange(job, 'at_risk')
        const why = job.carrierId === null ? 'no carrier has accepted yet' : 'projected arrival'
        await this.tell(
          job,
          'at_risk',
          `At risk of missing its SLA (${why}; due ${this.when(job)})`
        )
      }
    } else if (!risky && job.atRisk) {
      const set = await client
        .from('expedited_jobs')
        .where('id', job.id)
        .where('at_risk', true)
        .update({ at_risk: false, updated_at: stamp })
      if (rowCount(set) === 1) {
        result.cleared.push(job.id)
        pushExpeditedChange(job, 'at_risk')
      }
    }
  }

  private when(job: ExpeditedJob) {
    return job.deadlineAt.setZone(BUSINESS_TIME_ZONE).toFormat("LLL d, HH:mm 'ET'")
  }

  private tell(job: ExpeditedJob, kind: 'at_risk' | 'missed', message: string) {
    return this.alerts.notifyExpedited({
      jobId: job.id,
      reference: expeditedReference(job.id),
      shipperId: job.shipperId,
      carrierId: job.carrierId,
      kind,
      message,
    })
  }
}
