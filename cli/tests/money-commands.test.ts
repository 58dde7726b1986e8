import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AuditVerification, ReconciliationReport } from '../src/api/client.js'
import { runCli } from '../src/main.js'
import { CapturedOutput, pipedInput, stripAnsi } from './helpers/streams.js'

/*
 * `audit verify` and `payments reconcile` end to end through the real HTTP client, against a
 * local server that answers what the admin API answers.
 */

type Reply = { status: number; body: unknown }

let server: Server
let baseUrl: string
let replies: Record<string, Reply> = {}
let seen: { url?: string; authorization?: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url, authorization: request.headers.authorization })
    const reply = replies[request.url ?? ''] ?? { status: 404, body: { message: 'Not found' } }
    response.writeHead(reply.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(reply.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(() => {
  replies = {}
  seen = []
})

async function run(argv: string[]) {
  const stdout = new CapturedOutput()
  const stderr = new CapturedOutput()
  const exitCode = await runCli(argv, {
    stdout,
    stderr,
    stdin: pipedInput,
    env: { PALLETLINE_URL: baseUrl, PALLETLINE_TOKEN: 'plt_admin-token' },
  })
  return { exitCode, stdout: stripAnsi(stdout.text), stderr: stripAnsi(stderr.text) }
}

const VERIFY = '/api/admin/audit/verify'
const RECONCILE = '/api/admin/payments/reconciliation'
const FORBIDDEN: Reply = {
  status: 403,
  body: { message: 'You do not have access to this resource' },
}

const intact: AuditVerification = {
  chains: [
    { chain: 'ledger_entries', ok: true, rows: 1240, brokenRowId: null, reason: null },
    { chain: 'identity_reveal_log', ok: true, rows: 123, brokenRowId: null, reason: null },
  ],
}

const totals = {
  chargedCents: 1_234_567,
  payoutCents: 910_000,
  platformShareCents: 90_000,
  refundedCents: 100_000,
  escrowCents: 134_567,
  payableCents: 0,
  recoveryDeductedCents: 0,
  recoveryAdvancedCents: 0,
  recoveryOutstandingCents: 0,
}

const balanced: ReconciliationReport = {
  bookings: 12,
  transactions: 30,
  totals,
  problemCount: 0,
  problems: [],
}

describe('palletline audit verify', () => {
  it('prints one row per chain and exits 0 when every chain holds', async () => {
    replies[VERIFY] = { status: 200, body: intact }
    const { exitCode, stdout, stderr } = await run(['audit', 'verify'])
    expect(exitCode).toBe(0)
    expect(stderr).toBe('')
    expect(seen).toEqual([{ url: VERIFY, authorization: 'Bearer plt_admin-token' }])
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('✔ Verifying the audit chains… done')
    expect(lines[1]).toMatch(/^CHAIN\s+ROWS\s+STATUS\s+FIRST BROKEN ROW\s*$/)
    expect(lines[3]).toMatch(/^ledger_entries\s+1240\s+intact\s+—\s*$/)
    expect(lines[4]).toMatch(/^identity_reveal_log\s+123\s+intact\s+—\s*$/)
    expect(lines[5]).toBe('Every audit chain is intact.')
  })

  it('names the first broken row and exits 1 when a chain is broken', async () => {
    replies[VERIFY] = {
      status: 200,
      body: {
        chains: [
          {
            chain: 'ledger_entries',
            ok: false,
            rows: 6,
            brokenRowId: null,
            reason: 'the chain head expects 8 rows ending in row 8; rows after row 6 were removed',
          },
          {
            chain: 'identity_reveal_log',
            ok: false,
            rows: 2,
            brokenRowId: 3,
            reason: 'its content does not match its hash (the row was edited)',
          },
        ],
      },
    }
    const { exitCode, stdout, stderr } = await run(['audit', 'verify'])
    expect(exitCode).toBe(1)
    expect(stdout).toMatch(/^ledger_entries\s+6\s+BROKEN\s+end of chain\s*$/m)
    expect(stdout).toMatch(/^identity_reveal_log\s+2\s+BROKEN\s+3\s*$/m)
    expect(stdout).toContain(
      'ledger_entries: broken at its end: the chain head expects 8 rows ending in row 8; rows after row 6 were removed'
    )
    expect(stdout).toContain(
      'identity_reveal_log: broken at row 3: its content does not match its hash (the row was edited)'
    )
    expect(stdout).not.toContain('intact')
    expect(stderr).toBe('Error: 2 audit chain(s) broken: ledger_entries, identity_reveal_log\n')
  })

  it('--json prints only the JSON, and still exits 1 on a broken chain', async () => {
    const body = {
      chains: [{ chain: 'ledger_entries', ok: false, rows: 0, brokenRowId: 1, reason: 'edited' }],
    }
    replies[VERIFY] = { status: 200, body }
    const { exitCode, stdout } = await run(['audit', 'verify', '--json'])
    expect(exitCode).toBe(1)
    expect(JSON.parse(stdout)).toEqual(body)
  })

  it('a 403 is reported with the server message, exit 1', async () => {
    replies[VERIFY] = FORBIDDEN
    const { exitCode, stdout, stderr } = await run(['audit', 'verify'])
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: 403: You do not have access to this resource\n')
    expect(stdout).toBe('✖ Verifying the audit chains… failed\n')
  })
})

describe('palletline payments reconcile', () => {
  it('prints the totals in dollars and exits 0 when the ledger reconciles', async () => {
    replies[RECONCILE] = { status: 200, body: balanced }
    const { exitCode, stdout, stderr } = await run(['payments', 'reconcile'])
    expect(exitCode).toBe(0)
    expect(stderr).toBe('')
    expect(seen.map((s) => s.url)).toEqual([RECONCILE])
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toBe('✔ Reconciling the ledger… done')
    expect(lines[1]).toMatch(/^TOTAL\s+AMOUNT\s*$/)
    expect(lines.slice(3, 12).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['Charged', '$12,345.67'],
      ['Paid out to carriers', '$9,100.00'],
      ['Platform share', '$900.00'],
      ['Refunded', '$1,000.00'],
      ['Held in escrow', '$1,345.67'],
      ['Owed to carriers', '$0.00'],
      ['Claim recoveries netted from payouts', '$0.00'],
      ['Claim recoveries advanced to shippers', '$0.00'],
      ['Claim recoveries still owed by carriers', '$0.00'],
    ])
    expect(lines[12]).toBe('12 bookings, 30 ledger transactions')
    expect(lines[13]).toBe('The ledger reconciles to the cent.')
  })

  it('lists the problems and exits 1 when something does not add up', async () => {
    replies[RECONCILE] = {
      status: 200,
      body: {
        ...balanced,
        problemCount: 2,
        problems: [
          {
            bookingId: 7,
            reference: 'TRT-007',
            problem: 'ledger charged $500.00 but payments record $0.00',
          },
          {
            bookingId: null,
            reference: 'booking-7-charge',
            problem: 'transaction sums to 1 cents',
          },
        ],
      } satisfies ReconciliationReport,
    }
    const { exitCode, stdout, stderr } = await run(['payments', 'reconcile'])
    expect(exitCode).toBe(1)
    expect(stdout).toMatch(/^REFERENCE\s+PROBLEM\s*$/m)
    expect(stdout).toMatch(/^TRT-007\s+ledger charged \$500\.00 but payments record \$0\.00\s*$/m)
    expect(stdout).toMatch(/^booking-7-charge\s+transaction sums to 1 cents\s*$/m)
    expect(stdout).not.toContain('reconciles to the cent')
    expect(stderr).toBe('Error: 2 reconciliation problem(s)\n')
  })

  it('a 403 is reported with the server message, exit 1', async () => {
    replies[RECONCILE] = FORBIDDEN
    const { exitCode, stderr } = await run(['payments', 'reconcile'])
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: 403: You do not have access to this resource\n')
  })

  it('needs a token (exit 2) and calls nothing without one', async () => {
    const stderr = new CapturedOutput()
    const exitCode = await runCli(['payments', 'reconcile'], {
      stdout: new CapturedOutput(),
      stderr,
      stdin: pipedInput,
      env: { PALLETLINE_URL: baseUrl },
    })
    expect(exitCode).toBe(2)
    expect(stderr.text).toContain('Missing admin access token')
    expect(seen).toEqual([])
  })
})
