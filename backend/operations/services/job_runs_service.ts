import db from '@adonisjs/lucid/services/db'
import { isoUtc, readTimestamp } from '#core/timestamps'
import { jobRegistry } from '#operations/services/job_registry'

export const JOB_RUNS_PAGE = 20

export type JobRunView = {
  id: number
  job: string
  instance: string
  startedAt: string
  finishedAt: string | null
  durationMs: number | null
  outcome: 'running' | 'ok' | 'failed'
  counts: Record<string, number> | null
  error: string | null
}

function present(row: Record<string, any>): JobRunView {
  const started = readTimestamp(row.started_at)!
  const finished = readTimestamp(row.finished_at)
  return {
    id: Number(row.id),
    job: row.job,
    instance: row.instance,
    startedAt: isoUtc(row.started_at)!,
    finishedAt: isoUtc(row.finished_at),
    // As measured (docs/decisions/0183); runs recorded before that from their timestamps.
    durationMs:
      row.duration_ms !== null && row.duration_ms !== undefined
        ? Number(row.duration_ms)
        : finished
          ? Math.max(0, finished.toMillis() - started.toMillis())
          : null,
    outcome: row.outcome,
    counts: row.counts ? JSON.parse(row.counts) : null,
    error: row.error ?? null,
  }
}

/** The scheduled jobs and their recorded runs, for the admin console and the CLI. */
export default class JobRunsService {
  /** Every registered job with its newest run (null before the first). */
  async jobs() {
    const latest = await db
      .from('job_runs')
      .whereIn('id', db.from('job_runs').max('id').groupBy('job'))
      .select('*')
    const byJob = new Map(latest.map((row) => [row.job as string, present(row)]))
    return {
      jobs: jobRegistry.all().map((job) => ({
        name: job.name,
        description: job.description,
        everySeconds: job.everySeconds,
        lastRun: byJob.get(job.name) ?? null,
      })),
    }
  }

  /** Runs newest first, 20 a page, by job and outcome. */
  async runs(filters: { job?: string; outcome?: string }, page: number) {
    const query = db.from('job_runs')
    if (filters.job) query.where('job', filters.job)
    if (filters.outcome) query.where('outcome', filters.outcome)
    const result = await query.orderBy('id', 'desc').paginate(page, JOB_RUNS_PAGE)
    const meta = result.getMeta()
    return {
      data: result.all().map(present),
      meta: {
        total: Number(meta.total),
        perPage: Number(meta.perPage),
        currentPage: Number(meta.currentPage),
        lastPage: Math.max(1, Number(meta.lastPage)),
      },
    }
  }
}
