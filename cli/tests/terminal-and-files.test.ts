import { spawn, spawnSync } from 'node:child_process'
import {
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { repoRoot } from './helpers/spawn.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'
import { loadSwc, swcOptions, transpile, typescriptFiles } from '../../scripts/transpile.js'

/**
 * The real executable as an operator meets it: under a pseudo-terminal (util-linux `script`),
 * with its output written to a file, and compiled for a production install that has no
 * TypeScript loader (`npm ci --omit=dev`).
 */

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const ESC = '\u001b'
const env = () => ({ ...process.env, PALLETLINE_URL: api.baseUrl, PALLETLINE_TOKEN: 'plt_admin' })

/**
 * Runs `palletline <args>` on a pseudo-terminal; the exit code is the CLI's (`script -e`).
 * `answers`: keys typed once the screen shows a text, in order, as an operator would.
 */
function inTerminal(args: string[], answers: [string, string][] = []) {
  const command = ['node', 'cli/bin/palletline.js', ...args]
    .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
    .join(' ')
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    // A terminal window has a size; script's new one has none until told.
    const child = spawn('script', ['-qfec', `stty cols 120 rows 40; ${command}`, '/dev/null'], {
      cwd: repoRoot,
      env: env(),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let output = ''
    let next = 0
    child.stdout.on('data', (chunk) => {
      output += chunk
      const answer = answers[next]
      if (answer && output.includes(answer[0])) {
        next++
        // Ink reads raw key strokes: give it a moment to be listening.
        setTimeout(() => child.stdin.write(answer[1]), 200)
      }
    })
    // A prompt left waiting would hang the run: no answer ever comes.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output: output.replace(/\r\n/g, '\n') })
    })
  })
}

/** Runs `palletline <args>` with stdout and stderr written to files, as `> out 2> err` does. */
async function toFiles(args: string[], dir: string, nodeArgs: string[] = [], extraEnv = {}) {
  mkdirSync(dir, { recursive: true })
  const out = openSync(join(dir, 'out.txt'), 'w')
  const err = openSync(join(dir, 'err.txt'), 'w')
  // Asynchronously: the stub server answers from this process.
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, 'cli/bin/palletline.js', ...args], {
      cwd: repoRoot,
      env: { ...env(), ...extraEnv },
      stdio: ['ignore', out, err],
    })
    child.on('error', reject)
    child.on('close', resolve)
  })
  closeSync(out)
  closeSync(err)
  return {
    code,
    stdout: readFileSync(join(dir, 'out.txt'), 'utf8'),
    stderr: readFileSync(join(dir, 'err.txt'), 'utf8'),
  }
}

const failedVetting = {
  carrierId: 3,
  hasInsuranceCertificate: false,
  insuranceExpiresOn: null,
  verified: false,
  vetting: {
    driver: 'census_file',
    trigger: 'registration',
    result: 'fail',
    verified: false,
    checkedAt: '2025-03-14T09:30:05.000Z',
    checks: [
      {
        key: 'liability_insurance',
        label: 'Liability insurance on file of at least $750,000',
        result: 'fail',
        reason: 'No liability insurance on file with FMCSA',
      },
    ],
  },
}

const pendingCarrier = {
  id: 5,
  firstName: 'Carl',
  lastName: 'Hauler',
  email: 'carl@midwest-haul.test',
  role: 'carrier',
  phone: null,
  createdAt: '2025-03-14T09:30:00.000Z',
  companyName: 'Midwest Haul LLC',
  dotNumber: '1234567',
  mcNumber: null,
  carrierId: 3,
  carrierVetting: failedVetting,
}

const paidPayout = {
  kind: 'booking',
  bookingId: 1,
  expeditedJobId: null,
  reference: 'TRT-001',
  carrierCompany: 'Great Lakes Pallet Express LLC',
  payoutAmount: 1649.98,
  payoutStatus: 'paid',
  reason: null,
  attempts: 1,
  nextAttemptAt: null,
  releasedAt: '2025-12-24T02:00:00.000Z',
  held: false,
  quickPayFeeCents: null,
}

const tmp = join(repoRoot, 'tmp', `cli-test-${process.pid}`)
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('under a pseudo-terminal', { timeout: 60_000 }, () => {
  it('payouts replay of a payout that has not failed says so before asking', async () => {
    api.replies['GET /api/admin/payouts?booking=TRT-001'] = ok({
      data: [paidPayout],
      meta: meta(1),
    })
    const { code, output } = await inTerminal(['payouts', 'replay', 'TRT-001'])
    expect(code).toBe(1)
    expect(output).not.toContain('Replay TRT-001')
    expect(output).toContain("Error: TRT-001's payout is paid, not failed")
    expect(api.requests()).toEqual(['GET /api/admin/payouts?booking=TRT-001'])
  })

  it('approving a carrier whose vetting failed asks for a reason, then confirms, then sends it', async () => {
    api.replies['GET /api/admin/users/pending'] = ok([pendingCarrier])
    api.replies['PUT /api/admin/users/5/approve'] = ok({
      id: 5,
      email: 'carl@midwest-haul.test',
      firstName: 'Carl',
      lastName: 'Hauler',
    })
    const { code, output } = await inTerminal(
      ['users', 'approve', '5'],
      [
        ['Why approve anyway?', 'COI received by e-mail\r'],
        ['(y/N)', 'y'],
      ]
    )
    expect(output).toContain("User 5's vetting failed: No liability insurance on file with FMCSA.")
    expect(code).toBe(0)
    expect(output).toContain('Carl Hauler <carl@midwest-haul.test> is now approved.')
    expect(api.requests()).toEqual([
      'GET /api/admin/users/pending',
      'PUT /api/admin/users/5/approve',
    ])
    expect(JSON.parse(api.seen[1]!.body)).toEqual({
      isApproved: true,
      reason: 'COI received by e-mail',
    })
  })

  it('with --yes and no --reason, the same approval is exit 2 before anything changes', async () => {
    api.replies['GET /api/admin/users/pending'] = ok([pendingCarrier])
    const { code, output } = await inTerminal(['users', 'approve', '5', '--yes'])
    expect(code).toBe(2)
    expect(output).toContain(
      'Error: user 5\'s vetting failed (No liability insurance on file with FMCSA); to approve anyway, say why with --reason "<text>".'
    )
    expect(api.requests()).toEqual(['GET /api/admin/users/pending'])
  })

  it('a bad argument is exit 2 and one message, before the server is asked', async () => {
    const cases = [
      ['--url', 'localhost:3333', 'users', 'pending'],
      ['jobs', 'runs', '--job', 'Payouts Release'],
      ['reveals', 'list', '--per-page', '500'],
      ['reveals', 'list', '--from', '2026-06-05', '--to', '2026-06-01'],
      ['tokens', 'create', '--user', '5', '--name', '   '],
      ['carriers', 'list', '--search', 'x'.repeat(101)],
      ['users', 'approve', '5', '--reason', ''],
      ['payouts', 'list', '--page', '0'],
    ]
    const runs = await Promise.all(cases.map((args) => inTerminal(args)))
    for (const [index, { code, output }] of runs.entries()) {
      const args = cases[index]!.join(' ')
      expect(code, args).toBe(2)
      expect(output.trim().split('\n'), args).toHaveLength(1)
    }
    expect(api.seen).toEqual([])
  })
})

describe('output written to a file', { timeout: 60_000 }, () => {
  it('has no colour codes, and money has its separators', async () => {
    api.replies['GET /api/admin/users/pending'] = ok([pendingCarrier])
    api.replies['GET /api/admin/payouts'] = ok({ data: [paidPayout], meta: meta(1) })
    api.replies['GET /api/admin/payments/reconciliation'] = ok({
      ok: false,
      bookings: 1,
      transactions: 2,
      totals: {
        chargedCents: 164998,
        payoutCents: 150148,
        platformShareCents: 14850,
        refundedCents: 0,
        escrowCents: 0,
        payableCents: 0,
        recoveryDeductedCents: 0,
        recoveryAdvancedCents: 0,
        recoveryOutstandingCents: 0,
      },
      problemCount: 1,
      problems: [
        {
          bookingId: 1,
          reference: 'TRT-001',
          problem: 'booking total $1,649.98 but charged $0.00',
        },
      ],
    })
    const [pending, payouts, reconcile] = await Promise.all([
      toFiles(['users', 'pending'], join(tmp, 'pending')),
      toFiles(['payouts', 'list'], join(tmp, 'payouts')),
      toFiles(['payments', 'reconcile'], join(tmp, 'reconcile')),
    ])
    expect(pending.code).toBe(0)
    expect(pending.stdout).toMatch(/^5\s+Carl Hauler\s+.*\s+fail\s+2025-03-14/m)
    expect(pending.stdout).toContain('  fail: No liability insurance on file with FMCSA')
    expect(payouts.stdout).toMatch(
      /^booking\s+TRT-001\s+Great Lakes Pallet Express LLC\s+\$1,649\.98\s+paid/m
    )
    expect(reconcile.code).toBe(1)
    expect(reconcile.stdout).toMatch(/^Charged\s+\$1,649\.98\s*$/m)
    expect(reconcile.stdout).toMatch(/^TRT-001\s+booking total \$1,649\.98 but charged \$0\.00/m)
    for (const run of [pending, payouts, reconcile]) {
      expect(run.stdout).not.toContain(ESC)
      expect(run.stderr).not.toContain(ESC)
    }
  })
})

describe('output into a pipe its reader closes', { timeout: 60_000 }, () => {
  it('stops quietly (`| head`), no stack trace', async () => {
    // Many lines, written one by one after the table: most find the pipe already closed.
    api.replies['GET /api/admin/users/pending'] = ok(
      Array.from({ length: 400 }, (_, i) => ({ ...pendingCarrier, id: i + 1 }))
    )
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
      (resolve, reject) => {
        const child = spawn('sh', ['-c', 'node cli/bin/palletline.js users pending | head -c 1'], {
          cwd: repoRoot,
          env: env(),
          stdio: ['ignore', 'ignore', 'pipe'],
        })
        let stderr = ''
        child.stderr.on('data', (chunk) => (stderr += chunk))
        child.on('error', reject)
        child.on('close', (code) => resolve({ code, stderr }))
      }
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
  })
})

describe('a production install (no TypeScript loader)', { timeout: 120_000 }, () => {
  // `npm ci --omit=dev` leaves @poppinss/ts-exec out: this hook refuses it the same way.
  const hook = join(tmp, 'no-dev-dependencies.mjs')
  const build = join(tmp, 'build')
  beforeAll(async () => {
    mkdirSync(tmp, { recursive: true })
    writeFileSync(
      hook,
      `import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(\`
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@poppinss/ts-exec')) {
    throw Object.assign(new Error("Cannot find package '@poppinss/ts-exec'"), { code: 'ERR_MODULE_NOT_FOUND' })
  }
  return next(specifier, context)
}\`))
`
    )
    // The build step's own transpiler (scripts/build-server.js), into a directory of this test's.
    const swc = await loadSwc()
    expect(swc).not.toBeNull()
    const files = await transpile(
      swc,
      typescriptFiles(join(repoRoot, 'cli/src')),
      swcOptions({ decorators: false }),
      join(build, 'cli'),
      join(repoRoot, 'cli')
    )
    expect(files).toBeGreaterThan(10)
    copyFileSync(join(repoRoot, 'package.json'), join(build, 'package.json'))
  })

  it('runs the compiled CLI', async () => {
    api.replies['GET /api/admin/users/pending'] = ok([pendingCarrier])
    const run = await toFiles(['users', 'pending'], join(tmp, 'compiled'), ['--import', hook], {
      PALLETLINE_CLI_BUILD: join(build, 'cli'),
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^5\s+Carl Hauler/m)
  })

  it('without a build, says how to make one (exit 2)', () => {
    const run = spawnSync(process.execPath, ['--import', hook, 'cli/bin/palletline.js', 'health'], {
      cwd: repoRoot,
      env: { ...env(), PALLETLINE_CLI_BUILD: join(tmp, 'no-build') },
      encoding: 'utf8',
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('the operator CLI is not compiled')
    expect(run.stderr).toContain('npm run build:server')
  })
})
