import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FleetCarrier, JobRun, Payout } from '../src/api/operator.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const run = (id: number, overrides: Partial<JobRun> = {}): JobRun => ({
  id,
  job: 'payouts:release',
  instance: 'web-1:4242',
  startedAt: '2026-06-01T15:30:00.000Z',
  finishedAt: '2026-06-01T15:30:01.250Z',
  durationMs: 1250,
  outcome: 'ok',
  counts: { paid: 3, failed: 1 },
  error: null,
  ...overrides,
})

describe('palletline jobs', () => {
  it('list: each job with its interval and last run; never run reads "never"', async () => {
    api.replies['GET /api/admin/jobs'] = ok({
      jobs: [
        {
          name: 'payouts:release',
          description: 'Release payouts due',
          everySeconds: 300,
          lastRun: run(9),
        },
        {
          name: 'bookings:expire-unpaid',
          description: 'Cancel unpaid bookings',
          everySeconds: 90,
          lastRun: null,
        },
      ],
    })
    const { exitCode, stdout } = await api.run(['jobs', 'list'])
    expect(exitCode).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^JOB\s+EVERY\s+LAST RUN\s+OUTCOME\s+TOOK\s+DOES/)
    expect(lines[2]).toMatch(
      /^payouts:release\s+5m\s+2026-06-01 15:30 UTC\s+ok\s+1\.3 s\s+Release payouts due/
    )
    expect(lines[3]).toMatch(/^bookings:expire-unpaid\s+1m 30s\s+never\s+—\s+—\s+Cancel unpaid/)
    const json = await api.run(['jobs', 'list', '--json'])
    expect(JSON.parse(json.stdout).jobs).toHaveLength(2)
  })

  it('runs: filters and page sent; counts and errors shown; --json for scripts', async () => {
    const page = {
      data: [
        run(12, { outcome: 'failed', counts: null, error: 'connect ECONNREFUSED', durationMs: 80 }),
        run(11, { outcome: 'running', finishedAt: null, durationMs: null, counts: null }),
        run(10),
        run(9, { durationMs: 0, counts: { paid: 0 } }),
      ],
      meta: meta(43, 2),
    }
    api.replies['GET /api/admin/jobs/runs?job=payouts%3Arelease&outcome=failed&page=2'] = ok(page)
    const args = ['jobs', 'runs', '--job', 'payouts:release', '--outcome', 'failed', '--page', '2']
    const { exitCode, stdout } = await api.run(args)
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(
      /^12\s+payouts:release\s+2026-06-01 15:30 UTC\s+failed\s+80 ms\s+—\s+web-1:4242\s+connect ECONNREFUSED/m
    )
    expect(stdout).toMatch(/^11\s+payouts:release\s+\S+ \S+ UTC\s+running\s+—\s+—/m)
    expect(stdout).toMatch(/^10\s+.*ok\s+1\.3 s\s+paid 3, failed 1\s+web-1:4242\s+—/m)
    // Measured to the millisecond by the runner: a run under one reads so, not "0 ms".
    expect(stdout).toMatch(/^9\s+.*ok\s+<1 ms\s+paid 0\s+web-1:4242\s+—/m)
    expect(stdout).toContain('Page 2 of 3 (43 in all); next: --page 3')
    const json = await api.run([...args, '--json'])
    expect(JSON.parse(json.stdout)).toEqual(page)
  })

  it('a bad outcome exits 2 without a request; a 403 is one line, exit 1', async () => {
    const bad = await api.run(['jobs', 'runs', '--outcome', 'maybe'])
    expect(bad.exitCode).toBe(2)
    expect(api.seen).toEqual([])
    api.replies['GET /api/admin/jobs'] = {
      status: 403,
      body: { message: 'You do not have access to this resource' },
    }
    const denied = await api.run(['jobs', 'list'])
    expect(denied.exitCode).toBe(1)
    expect(denied.stderr).toBe('Error: 403: You do not have access to this resource\n')
  })
})

const carrier: FleetCarrier = {
  carrierId: 3,
  userId: 5,
  companyName: 'Midwest Haul LLC',
  dotNumber: '1234567',
  mcNumber: 'MC-765432',
  approvalStatus: 'approved',
  verified: true,
  hasInsuranceCertificate: true,
  insuranceExpiresOn: '2027-01-31',
  vetting: {
    driver: 'census_file',
    trigger: 'registration',
    result: 'pass',
    verified: true,
    checkedAt: '2026-05-01T10:00:00.000Z',
    checks: [],
  },
  rating: { average: 4.5, count: 2 } as FleetCarrier['rating'],
  onTimeRate: 0.9,
  deliveredLoads: 14,
  standingHistory: [],
  lastStandingChange: null,
  claimsRatio: null,
  claims: { count: 0, settledCents: 0, open: 0, claims: [] },
}

describe('palletline carriers list', () => {
  it('prints standing, vetting and cover; filters are sent', async () => {
    api.replies['GET /api/admin/carriers?status=pending&vetting=none&search=haul'] = ok({
      data: [
        carrier,
        {
          ...carrier,
          carrierId: 4,
          companyName: 'New Freight Co',
          approvalStatus: 'pending',
          vetting: null,
          verified: false,
          hasInsuranceCertificate: false,
          insuranceExpiresOn: null,
          deliveredLoads: 0,
        },
      ],
      meta: meta(2),
    })
    const { exitCode, stdout } = await api.run([
      'carriers',
      'list',
      '--status',
      'pending',
      '--vetting',
      'none',
      '--search',
      'haul',
    ])
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(
      /^3\s+Midwest Haul LLC\s+1234567\s+MC-765432\s+approved\s+pass, verified\s+2027-01-31\s+14/m
    )
    expect(stdout).toMatch(/^4\s+New Freight Co\s+.*pending\s+never vetted\s+none\s+0/m)
    expect(stdout).toContain('Page 1 of 1 (2 in all)')
  })

  it('--json and --page', async () => {
    const page = { data: [carrier], meta: meta(21, 2) }
    api.replies['GET /api/admin/carriers?page=2'] = ok(page)
    const { stdout } = await api.run(['carriers', 'list', '--page', '2', '--json'])
    expect(JSON.parse(stdout)).toEqual(page)
  })
})

describe('palletline bookings show', () => {
  const payout: Payout = {
    kind: 'booking',
    bookingId: 42,
    expeditedJobId: null,
    reference: 'TRT-042',
    carrierCompany: 'Midwest Haul LLC',
    payoutAmount: 455.25,
    payoutStatus: 'paid',
    reason: null,
    attempts: 1,
    nextAttemptAt: null,
    releasedAt: '2026-06-03T12:00:00.000Z',
    held: false,
    quickPayFeeCents: null,
  }
  const history = [
    {
      fromStatus: null,
      toStatus: 'pending',
      changedAt: '2026-06-01T10:00:00.000Z',
      changedBy: { id: 7, name: 'Ada Lovelace', role: 'shipper' },
      note: null,
    },
    {
      fromStatus: 'pending',
      toStatus: 'booked',
      changedAt: '2026-06-01T10:02:00.000Z',
      changedBy: null,
      note: 'payment received',
    },
  ]
  const reveals = {
    data: [
      {
        id: 3,
        bookingId: 42,
        bookingReference: 'TRT-042',
        viewerId: 7,
        viewerName: 'Ada Lovelace',
        viewerRole: 'shipper',
        viewedAt: '2026-06-01T10:05:00.000Z',
      },
    ],
    meta: meta(1, 1, 100),
  }

  it('by TRT- reference: payout, history and reveals', async () => {
    api.replies['GET /api/admin/payouts?booking=TRT-042'] = ok({ data: [payout], meta: meta(1) })
    api.replies['GET /api/bookings/42/history'] = ok(history)
    api.replies['GET /api/admin/reveals?booking=TRT-042&perPage=100'] = ok(reveals)
    const { exitCode, stdout } = await api.run(['bookings', 'show', 'trt-042'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('Booking TRT-042 (id 42)')
    expect(stdout).toContain('Carrier: Midwest Haul LLC')
    expect(stdout).toContain('Payout: $455.25 paid, 1 attempt(s), released 2026-06-03 12:00 UTC')
    expect(stdout).toMatch(/^2026-06-01 10:00 UTC\s+— → pending\s+Ada Lovelace \(shipper\)\s+—/m)
    expect(stdout).toMatch(
      /^2026-06-01 10:02 UTC\s+pending → booked\s+platform\s+payment received/m
    )
    expect(stdout).toContain('Identity reveals (1)')
    expect(stdout).toMatch(/^2026-06-01 10:05 UTC\s+Ada Lovelace\s+shipper/m)
  })

  it('--json prints payout, history and reveals; an unknown booking exits 1', async () => {
    api.replies['GET /api/admin/payouts?booking=42'] = ok({ data: [payout], meta: meta(1) })
    api.replies['GET /api/bookings/42/history'] = ok(history)
    api.replies['GET /api/admin/reveals?booking=42&perPage=100'] = ok(reveals)
    const { exitCode, stdout } = await api.run(['bookings', 'show', '42', '--json'])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ payout, history, reveals })

    api.replies['GET /api/admin/payouts?booking=9'] = ok({ data: [], meta: meta(0) })
    const missing = await api.run(['bookings', 'show', '9'])
    expect(missing.exitCode).toBe(1)
    expect(missing.stderr).toBe('Error: no booking 9\n')
    expect((await api.run(['bookings', 'show', 'nine'])).exitCode).toBe(2)
  })
})
