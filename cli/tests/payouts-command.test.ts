import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Payout } from '../src/api/operator.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'
import { delay, eventually, FakeTerminalInput, stripAnsi } from './helpers/streams.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const payout = (bookingId: number, overrides: Partial<Payout> = {}): Payout => ({
  kind: 'booking',
  bookingId,
  expeditedJobId: null,
  reference: `TRT-${String(bookingId).padStart(3, '0')}`,
  carrierCompany: 'Midwest Haul LLC',
  payoutAmount: 910.5,
  payoutStatus: 'failed',
  reason: 'Your destination account needs to have at least one of the following capabilities',
  attempts: 3,
  nextAttemptAt: '2026-06-01T16:05:00.000Z',
  releasedAt: '2026-06-01T15:30:00.000Z',
  held: false,
  quickPayFeeCents: null,
  ...overrides,
})

const retried = (p: Payout, outcome: 'paid' | 'failed' | 'held') =>
  ok({
    outcome,
    payout: {
      ...p,
      payoutStatus: outcome === 'paid' ? 'paid' : p.payoutStatus,
      reason: outcome === 'paid' ? null : p.reason,
    },
  })

describe('palletline payouts list', () => {
  it('prints a table by state with the page line; a held payout reads "held"', async () => {
    api.replies['GET /api/admin/payouts?state=released&page=3'] = ok({
      data: [
        payout(12, { payoutStatus: 'released', held: true, reason: 'onboarding', attempts: 0 }),
        payout(11, { payoutStatus: 'released', reason: null, nextAttemptAt: null, attempts: 0 }),
      ],
      meta: meta(42, 3),
    })
    const { exitCode, stdout, stderr } = await api.run([
      'payouts',
      'list',
      '--state',
      'released',
      '--page',
      '3',
    ])
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(
      /^KIND\s+REFERENCE\s+CARRIER\s+PAYOUT\s+STATE\s+ATTEMPTS\s+NEXT ATTEMPT\s+REASON/
    )
    expect(lines[2]).toMatch(
      /^booking\s+TRT-012\s+Midwest Haul LLC\s+\$910\.50\s+held\s+0\s+2026-06-01 16:05 UTC\s+onboarding/
    )
    expect(lines[3]).toMatch(
      /^booking\s+TRT-011\s+Midwest Haul LLC\s+\$910\.50\s+released\s+0\s+—\s+—/
    )
    expect(lines[4]).toBe('Page 3 of 3 (42 in all)')
  })

  it('names the quick-pay fee of a quick-paid payout in its last column (decision 0222)', async () => {
    api.replies['GET /api/admin/payouts?state=paid'] = ok({
      data: [
        payout(21, {
          payoutStatus: 'paid',
          reason: null,
          attempts: 1,
          nextAttemptAt: null,
          quickPayFeeCents: 1821,
        }),
        payout(20, { payoutStatus: 'paid', reason: null, attempts: 1, nextAttemptAt: null }),
      ],
      meta: meta(2),
    })
    const { exitCode, stdout } = await api.run(['payouts', 'list', '--state', 'paid'])
    expect(exitCode).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/REASON\s+QUICK PAY FEE$/)
    expect(lines[2]).toMatch(/^booking\s+TRT-021\s.*\spaid\s.*\$18\.21$/)
    expect(lines[3]).toMatch(/^booking\s+TRT-020\s.*\spaid\s+1\s+—\s+—\s+—$/)
  })

  it('--json prints the page; a bad state exits 2 without a request', async () => {
    const page = { data: [payout(4)], meta: meta(1) }
    api.replies['GET /api/admin/payouts?booking=TRT-004'] = ok(page)
    const json = await api.run(['payouts', 'list', '--booking', 'TRT-004', '--json'])
    expect(json.exitCode).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual(page)

    const bad = await api.run(['payouts', 'list', '--state', 'lost'])
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toContain('expected one of pending, released, held, paid, failed')
    expect(api.requests()).toEqual(['GET /api/admin/payouts?booking=TRT-004'])
  })
})

/** A delivered expedited job's payout, as the list names it (docs/decisions/0206). */
const expedited = (jobId: number, overrides: Partial<Payout> = {}): Payout =>
  payout(0, {
    kind: 'expedited',
    bookingId: null,
    expeditedJobId: jobId,
    reference: `EXP-${String(jobId).padStart(3, '0')}`,
    payoutAmount: 127.51,
    ...overrides,
  })

describe('palletline payouts list: expedited payouts', () => {
  it('lists them beside bookings’ with their kind; --kind asks for one kind', async () => {
    api.replies['GET /api/admin/payouts'] = ok({
      data: [expedited(3, { payoutStatus: 'released', reason: null, attempts: 0 }), payout(12)],
      meta: meta(2),
    })
    api.replies['GET /api/admin/payouts?kind=expedited'] = ok({
      data: [expedited(3, { payoutStatus: 'released', reason: null, attempts: 0 })],
      meta: meta(1),
    })
    const all = await api.run(['payouts', 'list'])
    expect(all.exitCode).toBe(0)
    const lines = all.stdout.trimEnd().split('\n')
    expect(lines[2]).toMatch(/^expedited\s+EXP-003\s+Midwest Haul LLC\s+\$127\.51\s+released/)
    expect(lines[3]).toMatch(/^booking\s+TRT-012\s+Midwest Haul LLC\s+\$910\.50\s+failed/)

    const only = await api.run(['payouts', 'list', '--kind', 'expedited'])
    expect(only.exitCode).toBe(0)
    expect(only.stdout).toContain('EXP-003')
    expect(only.stdout).not.toContain('TRT-')

    const bad = await api.run(['payouts', 'list', '--kind', 'loads'])
    expect(bad.exitCode).toBe(2)
    expect(bad.stderr).toContain('expected one of booking, expedited')
    expect(api.requests()).toEqual([
      'GET /api/admin/payouts',
      'GET /api/admin/payouts?kind=expedited',
    ])
  })

  it('--all-failed replays a failed expedited payout by its job', async () => {
    const job = expedited(9)
    const booking = payout(7)
    api.replies['GET /api/admin/payouts?state=failed&page=1'] = ok({
      data: [job, booking],
      meta: meta(2),
    })
    api.replies['POST /api/admin/expedited-payouts/9/retry'] = retried(job, 'paid')
    api.replies['POST /api/admin/payouts/7/retry'] = retried(booking, 'paid')
    const { exitCode, stdout } = await api.run(['payouts', 'replay', '--all-failed', '--yes'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('EXP-009')
    expect(stdout).toContain('Replayed 2: 2 paid')
    expect(api.requests()).toEqual([
      'GET /api/admin/payouts?state=failed&page=1',
      'POST /api/admin/expedited-payouts/9/retry',
      'POST /api/admin/payouts/7/retry',
    ])
  })
})

describe('palletline payouts replay', () => {
  it('one booking with --yes: one attempt, its outcome and the summary', async () => {
    const p = payout(7)
    api.replies['GET /api/admin/payouts?booking=TRT-007'] = ok({ data: [p], meta: meta(1) })
    api.replies['POST /api/admin/payouts/7/retry'] = retried(p, 'paid')
    const { exitCode, stdout } = await api.run(['payouts', 'replay', 'TRT-007', '--yes'])
    expect(exitCode).toBe(0)
    expect(api.requests()).toEqual([
      'GET /api/admin/payouts?booking=TRT-007',
      'POST /api/admin/payouts/7/retry',
    ])
    expect(stdout).toMatch(/^TRT-007\s+\$910\.50\s+paid\s+—\s*$/m)
    expect(stdout).toContain('Replayed 1: 1 paid, 0 failed again, 0 held, 0 refused.')
  })

  it('a payout that has not failed is refused before the prompt, in a terminal', async () => {
    const p = payout(1, { reference: 'TRT-001', payoutAmount: 1649.98, payoutStatus: 'paid' })
    api.replies['GET /api/admin/payouts?booking=TRT-001'] = ok({ data: [p], meta: meta(1) })
    const running = api.launch(['payouts', 'replay', 'TRT-001'], new FakeTerminalInput())
    const { exitCode, stdout, stderr } = await running.result()
    expect(exitCode).toBe(1)
    expect(stripAnsi(stdout)).not.toContain('Replay TRT-001')
    expect(stderr).toBe(
      "Error: TRT-001's payout is paid, not failed: only a failed payout can be replayed (see `palletline payouts list --state failed`).\n"
    )
    expect(api.requests()).toEqual(['GET /api/admin/payouts?booking=TRT-001'])
  })

  it('a payout paid meanwhile is the API’s 409, one line, exit 1', async () => {
    const p = payout(8)
    api.replies['GET /api/admin/payouts?booking=8'] = ok({ data: [p], meta: meta(1) })
    api.replies['POST /api/admin/payouts/8/retry'] = {
      status: 409,
      body: { message: 'This payout has not failed' },
    }
    const { exitCode, stderr } = await api.run(['payouts', 'replay', '8', '--yes'])
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: 409: This payout has not failed\n')
  })

  it('--all-failed asks first with the count and total, then replays every page', async () => {
    const first = Array.from({ length: 20 }, (_, i) => payout(100 - i))
    const last = payout(50)
    api.replies['GET /api/admin/payouts?state=failed&page=1'] = ok({ data: first, meta: meta(21) })
    api.replies['GET /api/admin/payouts?state=failed&page=2'] = ok({
      data: [last],
      meta: meta(21, 2),
    })
    for (const p of first)
      api.replies[`POST /api/admin/payouts/${p.bookingId}/retry`] = retried(p, 'paid')
    api.replies['POST /api/admin/payouts/99/retry'] = retried(payout(99), 'failed')
    api.replies['POST /api/admin/payouts/50/retry'] = {
      status: 409,
      body: { message: 'This payout has not failed' },
    }
    const stdin = new FakeTerminalInput()
    const running = api.launch(['payouts', 'replay', '--all-failed'], stdin)
    await eventually(() =>
      expect(stripAnsi(running.stdout.text)).toContain(
        'Replay 21 failed payouts ($19,120.50) now? (y/N)'
      )
    )
    expect(api.requests().filter((r) => r.startsWith('POST'))).toEqual([])
    await delay(20)
    stdin.press('y')
    const { exitCode, stdout, stderr } = await running.result()
    expect(api.requests().filter((r) => r.startsWith('POST'))).toHaveLength(21)
    expect(stdout).toMatch(/^TRT-099\s+\$910\.50\s+failed\s+Your destination account/m)
    expect(stdout).toMatch(/^TRT-050\s+\$910\.50\s+refused\s+This payout has not failed/m)
    expect(stdout).toContain('Replayed 21: 19 paid, 1 failed again, 0 held, 1 refused.')
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: 2 payout(s) still not paid\n')
  })

  it('answering "n" replays nothing', async () => {
    api.replies['GET /api/admin/payouts?state=failed&page=1'] = ok({
      data: [payout(3)],
      meta: meta(1),
    })
    const stdin = new FakeTerminalInput()
    const running = api.launch(['payouts', 'replay', '--all-failed'], stdin)
    await eventually(() => expect(stripAnsi(running.stdout.text)).toContain('Replay TRT-003'))
    await delay(20)
    stdin.press('n')
    const { exitCode, stdout } = await running.result()
    expect(exitCode).toBe(0)
    expect(stdout).toContain('Nothing replayed.')
    expect(api.requests()).toEqual(['GET /api/admin/payouts?state=failed&page=1'])
  })

  it('--json prints each outcome and the counts; nothing failed prints a note', async () => {
    const p = payout(5)
    api.replies['GET /api/admin/payouts?state=failed&page=1'] = ok({ data: [p], meta: meta(1) })
    api.replies['POST /api/admin/payouts/5/retry'] = retried(p, 'held')
    const { exitCode, stdout } = await api.run([
      'payouts',
      'replay',
      '--all-failed',
      '--yes',
      '--json',
    ])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({
      replayed: [{ bookingId: 5, reference: 'TRT-005', outcome: 'held', error: null }],
      paid: 0,
      failed: 0,
      held: 1,
      refused: 0,
    })

    api.replies['GET /api/admin/payouts?state=failed&page=1'] = ok({ data: [], meta: meta(0) })
    const none = await api.run(['payouts', 'replay', '--all-failed'])
    expect(none.exitCode).toBe(0)
    expect(none.stdout).toBe('No failed payouts to replay.\n')
  })

  it('usage: neither or both of a booking and --all-failed, or no terminal without --yes, exit 2', async () => {
    expect((await api.run(['payouts', 'replay'])).exitCode).toBe(2)
    expect((await api.run(['payouts', 'replay', '7', '--all-failed'])).exitCode).toBe(2)
    expect(api.requests()).toEqual([])
    api.replies['GET /api/admin/payouts?booking=7'] = ok({ data: [payout(7)], meta: meta(1) })
    const piped = await api.run(['payouts', 'replay', '7'])
    expect(piped.exitCode).toBe(2)
    expect(piped.stderr).toContain('needs an interactive terminal; pass --yes')
    expect(api.requests()).toEqual(['GET /api/admin/payouts?booking=7'])
  })

  it('an unknown booking is one line, exit 1', async () => {
    api.replies['GET /api/admin/payouts?booking=TRT-404'] = ok({ data: [], meta: meta(0) })
    const { exitCode, stderr } = await api.run(['payouts', 'replay', 'TRT-404', '--yes'])
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: no booking TRT-404\n')
  })
})
