import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RevealEntry } from '../src/api/operator.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const entry = (id: number, overrides: Partial<RevealEntry> = {}): RevealEntry => ({
  id,
  bookingId: 42,
  bookingReference: 'TRT-042',
  viewerId: 7,
  viewerName: 'Ada Lovelace',
  viewerRole: 'shipper',
  viewedAt: '2026-06-02T03:30:00.000Z',
  reason: null,
  ...overrides,
})

describe('palletline reveals list', () => {
  it('prints a table with the filters sent as query parameters, and says which page', async () => {
    api.replies[
      'GET /api/admin/reveals?booking=TRT-042&viewerId=7&viewerRole=shipper&from=2026-06-01&to=2026-06-30&page=2'
    ] = ok({
      data: [
        entry(31),
        entry(30, { viewerName: null, viewerId: null }),
        entry(29, {
          viewerRole: 'admin',
          viewerName: 'Morgan Ops',
          reason: 'Shipper reports the truck never arrived; calling the carrier directly today',
        }),
      ],
      meta: meta(22, 2),
    })
    const { exitCode, stdout, stderr } = await api.run([
      'reveals',
      'list',
      '--booking',
      'trt-042',
      '--viewer',
      '7',
      '--role',
      'shipper',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-30',
      '--page',
      '2',
    ])
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    expect(api.seen[0]!.authorization).toBe('Bearer plt_admin-token')
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+BOOKING\s+VIEWER\s+ROLE\s+VIEWED AT\s+REASON\s*$/)
    expect(lines[2]).toMatch(
      /^31\s+TRT-042\s+Ada Lovelace\s+shipper\s+2026-06-02 03:30 UTC\s+—\s*$/
    )
    expect(lines[3]).toMatch(/^30\s+TRT-042\s+—\s+shipper/)
    // A deliberate reveal's reason, cut in the table (--json and --csv print it whole).
    expect(lines[4]).toMatch(
      /^29\s+TRT-042\s+Morgan Ops\s+admin\s+.+\s+Shipper reports the truck never arrived; calling the carrie…\s*$/
    )
    expect(lines[5]).toBe('Page 2 of 2 (22 in all)')
  })

  it('names the next page when there is one, and says so when nothing matches', async () => {
    api.replies['GET /api/admin/reveals'] = ok({ data: [entry(1)], meta: meta(45) })
    expect((await api.run(['reveals', 'list'])).stdout).toContain(
      'Page 1 of 3 (45 in all); next: --page 2'
    )
    api.replies['GET /api/admin/reveals'] = ok({ data: [], meta: meta(0) })
    const empty = await api.run(['reveals', 'list'])
    expect(empty.stdout.trim()).toBe('No reveals match.')
  })

  it('--json prints the page as the API sent it', async () => {
    const page = { data: [entry(5)], meta: meta(1) }
    api.replies['GET /api/admin/reveals?perPage=5'] = ok(page)
    const { exitCode, stdout } = await api.run(['reveals', 'list', '--per-page', '5', '--json'])
    expect(exitCode).toBe(0)
    expect(JSON.parse(stdout)).toEqual(page)
  })

  it('--csv prints one page as CSV, quoting what needs it', async () => {
    api.replies['GET /api/admin/reveals?viewerRole=admin'] = ok({
      data: [
        entry(9, {
          viewerRole: 'admin',
          viewerName: 'Morgan, "Ops"',
          reason: 'Dispute, "urgent"',
        }),
      ],
      meta: meta(1),
    })
    const { exitCode, stdout } = await api.run(['reveals', 'list', '--role', 'admin', '--csv'])
    expect(exitCode).toBe(0)
    expect(stdout).toBe(
      'id,bookingId,bookingReference,viewerId,viewerName,viewerRole,viewedAt,reason\r\n' +
        '9,42,TRT-042,7,"Morgan, ""Ops""",admin,2026-06-02T03:30:00.000Z,"Dispute, ""urgent"""\r\n'
    )
  })

  it('--csv --all reads every page, 100 at a time', async () => {
    api.replies['GET /api/admin/reveals?booking=42&page=1&perPage=100'] = ok({
      data: [entry(3), entry(2)],
      meta: { total: 3, perPage: 100, currentPage: 1, lastPage: 2 },
    })
    api.replies['GET /api/admin/reveals?booking=42&page=2&perPage=100'] = ok({
      data: [entry(1, { viewerId: null, viewerName: null })],
      meta: { total: 3, perPage: 100, currentPage: 2, lastPage: 2 },
    })
    const { exitCode, stdout } = await api.run([
      'reveals',
      'list',
      '--booking',
      '42',
      '--csv',
      '--all',
    ])
    expect(exitCode).toBe(0)
    const lines = stdout.trimEnd().split('\r\n')
    expect(lines.map((line) => line.split(',')[0])).toEqual(['id', '3', '2', '1'])
    expect(lines[3]).toBe('1,42,TRT-042,,,shipper,2026-06-02T03:30:00.000Z,')
  })

  it('bad arguments exit 2 before any request', async () => {
    for (const argv of [
      ['--from', '06/01/2026'],
      ['--booking', 'ABC-1'],
      ['--role', 'carrier'],
      ['--page', '0'],
      ['--json', '--csv'],
      ['--all'],
    ]) {
      const { exitCode, stderr } = await api.run(['reveals', 'list', ...argv])
      expect(exitCode, argv.join(' ')).toBe(2)
      expect(stderr).not.toBe('')
    }
    expect(api.seen).toEqual([])
  })

  it('an API refusal is one line and exit 1', async () => {
    api.replies['GET /api/admin/reveals?perPage=100'] = {
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [{ field: 'perPage', message: 'Per page must be at most 100', rule: 'range' }],
      },
    }
    const { exitCode, stderr, stdout } = await api.run(['reveals', 'list', '--per-page', '100'])
    expect(exitCode).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe('Error: 422: Validation failed (perPage: Per page must be at most 100)\n')
  })
})

describe('palletline reveals verify', () => {
  const chains = (ok: boolean) => ({
    chains: [
      { chain: 'ledger_entries', ok: true, rows: 10, brokenRowId: null, reason: null },
      {
        chain: 'identity_reveal_log',
        ok,
        rows: 123,
        brokenRowId: ok ? null : 17,
        reason: ok ? null : 'its content does not match its hash (the row was edited)',
      },
    ],
  })

  it('says the log is intact and exits 0', async () => {
    api.replies['GET /api/admin/audit/verify'] = ok(chains(true))
    const { exitCode, stdout } = await api.run(['reveals', 'verify'])
    expect(exitCode).toBe(0)
    expect(stdout).toBe('The identity reveal log is intact: 123 rows.\n')
  })

  it('names the broken row and exits 1; --json prints the chain', async () => {
    api.replies['GET /api/admin/audit/verify'] = ok(chains(false))
    const { exitCode, stdout, stderr } = await api.run(['reveals', 'verify', '--json'])
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toMatchObject({ chain: 'identity_reveal_log', brokenRowId: 17 })
    expect(stderr).toBe(
      'Error: the identity reveal log is broken at row 17: its content does not match its hash (the row was edited)\n'
    )
  })
})
