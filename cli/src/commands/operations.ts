import { InvalidArgumentError, type Command } from 'commander'
import { OperatorApi, type FleetCarrier, type JobRun, type ScheduledJob } from '../api/operator.js'
import { formatDate, formatDateTime } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { parseText } from './arguments.js'
import { oneOf, printPage, withListOptions, type ListOptions } from './listing.js'
import type { ContextOf } from './types.js'

/** `90` → `1m 30s`; `3600` → `1h`. */
export function formatSeconds(seconds: number): string {
  const parts: string[] = []
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h) parts.push(`${h}h`)
  if (m) parts.push(`${m}m`)
  if (s || parts.length === 0) parts.push(`${s}s`)
  return parts.join(' ')
}

function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  // Measured by the runner to the millisecond (docs/decisions/0183): 0 is under one.
  if (ms === 0) return '<1 ms'
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`
}

function formatCounts(counts: JobRun['counts']): string {
  if (!counts) return '—'
  const entries = Object.entries(counts)
  return entries.length === 0 ? '—' : entries.map(([name, n]) => `${name} ${n}`).join(', ')
}

interface JobRow {
  job: string
  every: string
  lastStart: string
  outcome: string
  took: string
  description: string
}

const jobColumns: TableColumn<JobRow>[] = [
  { key: 'job', header: 'job' },
  { key: 'every', header: 'every' },
  { key: 'lastStart', header: 'last run' },
  { key: 'outcome', header: 'outcome' },
  { key: 'took', header: 'took' },
  { key: 'description', header: 'does' },
]

const jobRow = (job: ScheduledJob): JobRow => ({
  job: job.name,
  every: formatSeconds(job.everySeconds),
  lastStart: job.lastRun ? formatDateTime(job.lastRun.startedAt) : 'never',
  outcome: job.lastRun?.outcome ?? '—',
  took: formatDuration(job.lastRun?.durationMs ?? null),
  description: job.description,
})

interface RunRow {
  id: number
  job: string
  started: string
  outcome: string
  took: string
  counts: string
  instance: string
  error: string | null
}

const runColumns: TableColumn<RunRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'job', header: 'job' },
  { key: 'started', header: 'started' },
  { key: 'outcome', header: 'outcome' },
  { key: 'took', header: 'took' },
  { key: 'counts', header: 'counts' },
  { key: 'instance', header: 'instance' },
  { key: 'error', header: 'error' },
]

const runRow = (run: JobRun): RunRow => ({
  id: run.id,
  job: run.job,
  started: formatDateTime(run.startedAt),
  outcome: run.outcome,
  took: formatDuration(run.durationMs),
  counts: formatCounts(run.counts),
  instance: run.instance,
  error: run.error,
})

interface CarrierRow {
  id: number
  company: string
  dot: string | null
  mc: string | null
  standing: string
  vetting: string
  insurance: string
  delivered: number
}

const carrierColumns: TableColumn<CarrierRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'company', header: 'company' },
  { key: 'dot', header: 'DOT' },
  { key: 'mc', header: 'MC' },
  { key: 'standing', header: 'approval' },
  { key: 'vetting', header: 'vetting' },
  { key: 'insurance', header: 'insured until' },
  { key: 'delivered', header: 'delivered' },
]

const carrierRow = (carrier: FleetCarrier): CarrierRow => ({
  id: carrier.carrierId,
  company: carrier.companyName,
  dot: carrier.dotNumber,
  mc: carrier.mcNumber,
  standing: carrier.approvalStatus,
  vetting: carrier.vetting
    ? `${carrier.vetting.result}${carrier.verified ? ', verified' : ''}`
    : 'never vetted',
  insurance: carrier.hasInsuranceCertificate
    ? formatDate(carrier.insuranceExpiresOn, 'on file')
    : 'none',
  delivered: carrier.deliveredLoads,
})

/** Commander parser for a job's name as the registry spells it: `payouts:release`. */
function parseJobName(value: string): string {
  if (!/^[a-z][a-z0-9:_-]{0,63}$/.test(value)) {
    throw new InvalidArgumentError('expected a job name such as payouts:release (see `jobs list`).')
  }
  return value
}

export function registerOperationsCommands(program: Command, contextOf: ContextOf): void {
  const jobs = program.command('jobs').description('the scheduled jobs and their recorded runs')

  jobs
    .command('list')
    .description('every scheduled job with its interval and last run')
    .option('--json', 'print the raw JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const result = await new OperatorApi(ctx.api()).jobs()
      if (options.json) return ctx.printJson(result)
      await renderTable(result.jobs.map(jobRow), jobColumns, ctx.io, {
        emptyMessage: 'The server runs no scheduled jobs.',
      })
    })

  withListOptions(
    jobs
      .command('runs')
      .description('recorded runs, newest first, 20 a page')
      .option('--job <name>', 'one job, e.g. payouts:release', parseJobName)
      .option('--outcome <outcome>', 'running, ok or failed', oneOf(['running', 'ok', 'failed']))
  ).action(
    async (options: ListOptions & { job?: string; outcome?: JobRun['outcome'] }, command) => {
      const ctx = contextOf(command as Command)
      const result = await new OperatorApi(ctx.api()).jobRuns({
        job: options.job,
        outcome: options.outcome,
        page: options.page,
      })
      if (options.json) return ctx.printJson(result)
      await printPage(ctx, result.data.map(runRow), runColumns, result.meta, 'No runs match.')
    }
  )

  const carriers = program.command('carriers').description('carriers and their vetting')
  withListOptions(
    carriers
      .command('list')
      .description('every carrier by company name, 20 a page')
      .option(
        '--status <status>',
        'approved, pending, rejected or suspended',
        oneOf(['approved', 'pending', 'rejected', 'suspended'])
      )
      .option(
        '--vetting <result>',
        'pass, warn, fail or none (never vetted)',
        oneOf(['pass', 'warn', 'fail', 'none'])
      )
      .option('--search <text>', 'part of the company name, DOT or MC number', parseText(100))
  ).action(
    async (
      options: ListOptions & {
        status?: FleetCarrier['approvalStatus']
        vetting?: 'pass' | 'warn' | 'fail' | 'none'
        search?: string
      },
      command
    ) => {
      const ctx = contextOf(command as Command)
      const result = await new OperatorApi(ctx.api()).carriers({
        status: options.status as 'approved' | 'pending' | 'rejected' | 'suspended' | undefined,
        vetting: options.vetting,
        search: options.search,
        page: options.page,
      })
      if (options.json) return ctx.printJson(result)
      await printPage(
        ctx,
        result.data.map(carrierRow),
        carrierColumns,
        result.meta,
        'No carriers match.'
      )
    }
  )
}
