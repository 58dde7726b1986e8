import { hostname } from 'node:os'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { Clock } from '#core/clock'
import { readTimestamp, sqlTimestamp } from '#core/timestamps'
import { rowCount } from '#core/transactions'
import { jobRunDuration, jobRunsTotal } from '#core/metrics'

/** A job the scheduler runs every `everySeconds` (backend/start/scheduler.ts lists them). */
export type ScheduledJob = {
  name: string
  description: string
  everySeconds: number
  run: () => Promise<unknown>
}

/** This process, as job runs name it. */
export const INSTANCE = `${hostname()}:${process.pid}`

/**
 * A tick may start this much before the interval is up, so timers a little late on the
 * winning instance do not hand every other tick to another one.
 */
const TICK_SLACK_MS = 1000
/** How long a holder may run before its lease lapses (a crashed instance frees the job). */
export const leaseMs = (job: ScheduledJob) => Math.max(job.everySeconds * 1000, 15 * 60_000)

/** What a job's run() returned, as numbers by name for the run's record. */
export function countsOf(result: unknown): Record<string, number> | null {
  if (typeof result === 'number' && Number.isFinite(result)) return { count: result }
  if (Array.isArray(result)) return { count: result.length }
  if (!result || typeof result !== 'object') return null
  const counts: Record<string, number> = {}
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === 'number' && Number.isFinite(value)) counts[key] = value
    else if (Array.isArray(value)) counts[key] = value.length
  }
  return Object.keys(counts).length > 0 ? counts : null
}

/**
 * Runs scheduled jobs at most once per tick across every instance sharing the database
 * (docs/decisions/0140): each tick first takes the job's lease row with a conditional update
 * (due, and not held by a live run); the instance whose update changed the row runs it and
 * records the run, the others skip without a record. Works the same on SQLite and PostgreSQL.
 */
@inject()
export default class JobRunner {
  constructor(private clock: Clock) {}

  /** Takes this tick of the job for `instance`; false when another instance has it. */
  async take(job: ScheduledJob, instance = INSTANCE): Promise<boolean> {
    const now = this.clock.now()
    const connection = db.connection()
    const stamp = sqlTimestamp(now, connection)
    await connection
      .knexQuery()
      .table('job_leases')
      .insert({ job: job.name, next_run_at: stamp })
      .onConflict('job')
      .ignore()
    const next = now.plus({ milliseconds: Math.max(0, job.everySeconds * 1000 - TICK_SLACK_MS) })
    const taken = await db
      .from('job_leases')
      .where('job', job.name)
      .where('next_run_at', '<=', stamp)
      .where((q) => q.whereNull('held_until').orWhere('held_until', '<=', stamp))
      .update({
        next_run_at: sqlTimestamp(next, connection),
        holder: instance,
        held_until: sqlTimestamp(now.plus({ milliseconds: leaseMs(job) }), connection),
      })
    return rowCount(taken) === 1
  }

  /**
   * Milliseconds until the job's next tick is due by its lease row: one interval after its
   * last run started, whichever instance ran it (`next_run_at` plus the slack), or when a run
   * another instance holds lapses; 0 when it is due or never ran. The scheduler sets its
   * timer from this, so a start or a late timer never waits for the tick after.
   */
  async msUntilDue(job: ScheduledJob): Promise<number> {
    const lease = await db
      .from('job_leases')
      .where('job', job.name)
      .select('next_run_at', 'held_until')
      .first()
    if (!lease) return 0
    const now = this.clock.nowMillis()
    const next = readTimestamp(lease.next_run_at)
    const due = next ? next.toMillis() + TICK_SLACK_MS : now
    const held = readTimestamp(lease.held_until)?.toMillis() ?? 0
    return Math.max(0, (held > now ? Math.max(due, held) : due) - now)
  }

  /** One tick: the run's id when this instance ran the job, null when it was not its turn. */
  async tick(job: ScheduledJob, instance = INSTANCE): Promise<number | null> {
    if (!(await this.take(job, instance))) return null
    const connection = db.connection()
    const [inserted] = await db
      .table('job_runs')
      .insert({
        job: job.name,
        instance,
        started_at: sqlTimestamp(this.clock.now(), connection),
        outcome: 'running',
      })
      .returning('id')
    const runId = Number(typeof inserted === 'object' ? inserted.id : inserted)
    let outcome: { outcome: 'ok' | 'failed'; counts: string | null; error: string | null }
    const started = process.hrtime.bigint()
    try {
      const counts = countsOf(await job.run())
      outcome = { outcome: 'ok', counts: counts ? JSON.stringify(counts) : null, error: null }
    } catch (error) {
      logger.error({ err: error, job: job.name, runId }, 'scheduled job failed')
      const message = error instanceof Error ? error.message : String(error)
      outcome = { outcome: 'failed', counts: null, error: message.slice(0, 2000) }
    }
    const labels = { job: job.name, outcome: outcome.outcome }
    // Measured, not derived from the timestamps (SQLite keeps those to the second).
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6
    jobRunDuration.observe(labels, durationMs / 1000)
    jobRunsTotal.inc(labels)
    await db
      .from('job_runs')
      .where('id', runId)
      .update({
        ...outcome,
        finished_at: sqlTimestamp(this.clock.now(), connection),
        duration_ms: Math.round(durationMs),
      })
    await db
      .from('job_leases')
      .where('job', job.name)
      .where('holder', instance)
      .update({ holder: null, held_until: null })
    return runId
  }
}
