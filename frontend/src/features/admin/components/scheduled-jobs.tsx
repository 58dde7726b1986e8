import { CalendarClock } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import {
  useFailedRuns,
  useScheduledJobs,
  type JobRun,
  type ScheduledJob,
} from '@/features/admin/api/scheduled-jobs'
import { formatCount, formatDateTime } from '@/lib/format'

/** "every 5 min", "every 24 h", "every 30 s". */
export function formatInterval(seconds: number): string {
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`
  if (seconds % 60 === 0) return `every ${seconds / 60} min`
  return `every ${seconds} s`
}

/** "1.2 s", "350 ms", "2 min 5 s". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/** "paid 3, failed 0", or a dash when the run reported nothing countable. */
export function formatCounts(counts: Record<string, number> | null): string {
  if (!counts) return '—'
  return Object.entries(counts)
    .map(([name, value]) => `${name} ${formatCount(value)}`)
    .join(', ')
}

/**
 * A job whose newest run started more than two intervals (and a minute) ago is overdue: no
 * instance is running the scheduler, or its runs are stuck.
 */
export function isOverdue(job: ScheduledJob, now = Date.now()): boolean {
  if (!job.lastRun) return false
  const started = new Date(job.lastRun.startedAt).getTime()
  return now - started > 2 * job.everySeconds * 1000 + 60_000
}

function OutcomeBadge({ job }: { job: ScheduledJob }) {
  const run = job.lastRun
  if (!run) return <Badge variant="secondary">Not run yet</Badge>
  if (run.outcome === 'failed') return <Badge variant="destructive">Failed</Badge>
  if (run.outcome === 'running') return <Badge variant="secondary">Running</Badge>
  if (isOverdue(job)) return <Badge variant="warning">Overdue</Badge>
  return <Badge variant="success">OK</Badge>
}

function FailedRuns({ runs }: { runs: JobRun[] }) {
  if (runs.length === 0) return null
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Recent failures</h3>
      <ul
        className="divide-y divide-slate-100 rounded-md border border-slate-200"
        aria-label="Recent failures"
      >
        {runs.slice(0, 5).map((run) => (
          <li key={run.id} className="p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-mono font-medium text-slate-900">{run.job}</span>
              <span className="text-slate-500">
                {formatDateTime(run.startedAt)} on {run.instance}
              </span>
            </div>
            <p className="mt-1 break-words text-red-700">{run.error ?? 'No message'}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Scheduled jobs (decision 0140): each job's interval and newest run (outcome, when, on which
 * instance, how long, what it did), and the newest failures with their messages. The same
 * as `palletline jobs list` and `jobs runs --outcome failed`.
 */
export function ScheduledJobs() {
  const { data, error, isLoading, isValidating, mutate } = useScheduledJobs()
  const { data: failed } = useFailedRuns()
  const jobs = data?.jobs
  const attention = jobs?.filter((job) => job.lastRun?.outcome === 'failed' || isOverdue(job))

  return (
    <Card id="jobs" className="scroll-mt-20">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>Scheduled jobs</CardTitle>
          <CardDescription>
            Each job runs once per interval across every instance; its newest run, and any recent
            failures.
          </CardDescription>
        </div>
        {attention && attention.length > 0 ? (
          <Badge variant="warning">{formatCount(attention.length)} need a look</Badge>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-6">
        {isLoading && !jobs ? (
          <div
            className="space-y-2"
            role="status"
            aria-busy="true"
            aria-label="Loading scheduled jobs"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : error && !jobs ? (
          <LoadError
            title="Could not load the scheduled jobs"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !jobs || jobs.length === 0 ? (
          <EmptyState
            icon={CalendarClock}
            title="No scheduled jobs"
            description="This deployment schedules no work."
          />
        ) : (
          <div className="overflow-x-auto">
            <Table aria-label="Scheduled jobs">
              <TableHeader>
                <tr>
                  <TableHead>Job</TableHead>
                  <TableHead>Interval</TableHead>
                  <TableHead>Last run</TableHead>
                  <TableHead>Outcome</TableHead>
                  <TableHead>Took</TableHead>
                  <TableHead>Did</TableHead>
                </tr>
              </TableHeader>
              <TableBody>
                {jobs.map((job) => (
                  <TableRow key={job.name} aria-label={`Job ${job.name}`}>
                    <TableCell>
                      <div className="font-mono text-sm font-medium text-slate-900">{job.name}</div>
                      <div className="max-w-md text-xs text-slate-500">{job.description}</div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatInterval(job.everySeconds)}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {job.lastRun ? formatDateTime(job.lastRun.startedAt) : '—'}
                    </TableCell>
                    <TableCell>
                      <OutcomeBadge job={job} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDuration(job.lastRun?.durationMs ?? null)}
                    </TableCell>
                    <TableCell className="text-sm">
                      {job.lastRun?.outcome === 'failed'
                        ? (job.lastRun.error ?? 'Failed')
                        : formatCounts(job.lastRun?.counts ?? null)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <FailedRuns runs={failed?.data ?? []} />
      </CardContent>
    </Card>
  )
}
