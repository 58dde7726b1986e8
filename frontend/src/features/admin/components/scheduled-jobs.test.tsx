import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { JobRun, ScheduledJob } from '@/features/admin/api/scheduled-jobs'
import {
  formatCounts,
  formatDuration,
  formatInterval,
  isOverdue,
} from '@/features/admin/components/scheduled-jobs'
import { formatDateTime } from '@/lib/format'
import { mockFetch, type MockRoute } from '@/testing/mock-fetch'
import { makeUser, renderApp, setXsrfCookie } from '@/testing/test-utils'

const FIRST_PAINT = { timeout: 5000 }
const recent = new Date(Date.now() - 60_000).toISOString()

const run = (overrides: Partial<JobRun> = {}): JobRun => ({
  id: 1,
  job: 'payouts:release',
  instance: 'web-1:4242',
  startedAt: recent,
  finishedAt: recent,
  durationMs: 1250,
  outcome: 'ok',
  counts: { released: 2, paid: 2, failed: 0 },
  error: null,
  ...overrides,
})

const jobs: ScheduledJob[] = [
  {
    name: 'payouts:release',
    description: 'Releases payouts.',
    everySeconds: 300,
    lastRun: run(),
  },
  {
    name: 'tms:fetch-bols',
    description: 'Fetches partner BOLs.',
    everySeconds: 60,
    lastRun: run({
      id: 2,
      job: 'tms:fetch-bols',
      outcome: 'failed',
      counts: null,
      error: 'Partner down',
    }),
  },
  { name: 'carriers:revet', description: 'Re-vets carriers.', everySeconds: 86_400, lastRun: null },
]

function setup(routes: { jobs?: MockRoute; failed?: MockRoute } = {}) {
  setXsrfCookie()
  return mockFetch({
    'GET /api/user': { body: makeUser({ role: 'admin', firstName: 'Ada', lastName: 'Admin' }) },
    'GET /api/admin/users/pending': { body: [] },
    'GET /api/admin/jobs': routes.jobs ?? { body: { jobs } },
    'GET /api/admin/jobs/runs': routes.failed ?? {
      body: {
        data: [jobs[1].lastRun],
        meta: { total: 1, perPage: 20, currentPage: 1, lastPage: 1 },
      },
    },
    'POST /api/analytics/events': { status: 204 },
  })
}

describe('admin console: Scheduled jobs', () => {
  it('lists each job with its interval, last run, outcome, duration and counts', async () => {
    setup()
    renderApp('/admin')
    const table = await screen.findByRole('table', { name: 'Scheduled jobs' }, FIRST_PAINT)
    const cells = (name: string) =>
      within(within(table).getByRole('row', { name: `Job ${name}` }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells('payouts:release')).toEqual([
      'payouts:releaseReleases payouts.',
      'every 5 min',
      formatDateTime(recent),
      'OK',
      '1.3 s',
      'released 2, paid 2, failed 0',
    ])
    expect(cells('tms:fetch-bols').slice(3)).toEqual(['Failed', '1.3 s', 'Partner down'])
    expect(cells('carriers:revet').slice(1)).toEqual(['every 24 h', '—', 'Not run yet', '—', '—'])
    expect(screen.getByText('1 need a look')).toBeInTheDocument()
    const failures = screen.getByRole('list', { name: 'Recent failures' })
    expect(failures).toHaveTextContent('tms:fetch-bols')
    expect(failures).toHaveTextContent('Partner down')
  })

  it('shows an error with a retry when the jobs cannot be read', async () => {
    setup({ jobs: { status: 500, body: { message: 'Server Error' } } })
    renderApp('/admin')
    expect(
      await screen.findByText('Could not load the scheduled jobs', undefined, FIRST_PAINT)
    ).toBeInTheDocument()
  })
})

describe('scheduled job figures', () => {
  it('formats intervals, durations and counts', () => {
    expect(formatInterval(30)).toBe('every 30 s')
    expect(formatInterval(60)).toBe('every 1 min')
    expect(formatInterval(86_400)).toBe('every 24 h')
    expect(formatDuration(null)).toBe('—')
    expect(formatDuration(350)).toBe('350 ms')
    expect(formatDuration(125_000)).toBe('2 min 5 s')
    expect(formatCounts(null)).toBe('—')
    expect(formatCounts({ paid: 1200 })).toBe('paid 1,200')
  })

  it('a job is overdue when its last run started over two intervals and a minute ago', () => {
    const now = Date.parse('2026-03-02T12:00:00Z')
    const job = (minutesAgo: number): ScheduledJob => ({
      ...jobs[0],
      lastRun: run({ startedAt: new Date(now - minutesAgo * 60_000).toISOString() }),
    })
    expect(isOverdue(job(10), now)).toBe(false)
    expect(isOverdue(job(12), now)).toBe(true)
    expect(isOverdue({ ...jobs[2] }, now)).toBe(false)
  })
})
