import { afterEach, describe, expect, it } from 'vitest'
import { cleanup } from 'ink-testing-library'
import { ApiError } from '../src/api/client.js'
import { buildProgram, runCli } from '../src/main.js'
import { FakePalletlineApi, pendingCarrier, pendingShipper } from './helpers/fake-api.js'
import {
  CapturedOutput,
  FakeTerminalInput,
  delay,
  eventually,
  pipedInput,
  stripAnsi,
} from './helpers/streams.js'
import type { InputStream } from '../src/ui/streams.js'
import type { PendingUser } from '../src/api/client.js'

interface RunOptions {
  env?: Record<string, string | undefined>
  stdin?: InputStream
  api?: FakePalletlineApi
}

/** Runs one CLI invocation in-process against the fake API. */
function start(argv: string[], options: RunOptions = {}) {
  const api = options.api ?? new FakePalletlineApi()
  const stdout = new CapturedOutput()
  const stderr = new CapturedOutput()
  const clients: { baseUrl: string; token?: string }[] = []
  const exit = runCli(argv, {
    stdout,
    stderr,
    stdin: options.stdin ?? pipedInput,
    env: options.env ?? { PALLETLINE_TOKEN: 'plt_admin-token' },
    createApi: (settings) => {
      clients.push(settings)
      return api
    },
  })
  const result = async () => ({
    exitCode: await exit,
    stdout: stripAnsi(stdout.text),
    stderr: stripAnsi(stderr.text),
  })
  return { api, clients, stdout, result }
}

const run = (argv: string[], options?: RunOptions) => start(argv, options).result()

/** A carrier whose USDOT number the census does not hold, with no insurance certificate. */
const failedVetting: NonNullable<PendingUser['carrierVetting']> = {
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
        key: 'insurance_certificate',
        label: 'Insurance certificate uploaded and not expired',
        result: 'warn',
        reason: 'No insurance certificate uploaded',
      },
      {
        key: 'dot_allowed',
        label: 'USDOT number active and allowed to operate',
        result: 'fail',
        reason: 'USDOT 1234567 is not in the census',
      },
    ],
  },
}

afterEach(() => cleanup())

describe('program', () => {
  it('registers every operator command', () => {
    const program = buildProgram({ stdout: new CapturedOutput(), stderr: new CapturedOutput() })
    const names = (command: { commands: readonly { name(): string }[] }) =>
      command.commands.map((c) => c.name())
    expect(names(program)).toEqual([
      'whoami',
      'users',
      'tokens',
      'health',
      'audit',
      'payments',
      'payouts',
      'reveals',
      'bookings',
      'jobs',
      'carriers',
      'loads',
      'seed',
    ])
    const sub = (name: string) => names(program.commands.find((c) => c.name() === name)!)
    expect(sub('payouts')).toEqual(['list', 'replay'])
    expect(sub('reveals')).toEqual(['list', 'verify'])
    expect(sub('jobs')).toEqual(['list', 'runs'])
    expect(names(program.commands.find((c) => c.name() === 'users')!)).toEqual([
      'pending',
      'approve',
      'reject',
      'list',
      'show',
      'suspend',
      'reinstate',
      'reset-2fa',
      'revoke-sessions',
      'reset-password',
      'requests',
      'confirm',
    ])
    expect(names(program.commands.find((c) => c.name() === 'tokens')!)).toEqual([
      'list',
      'create',
      'revoke',
    ])
  })

  it('prints help to the injected stdout and exits 0', async () => {
    const { exitCode, stdout } = await run(['--help'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('Usage: palletline')
  })

  it('exits 2 on a usage error', async () => {
    const { exitCode, stderr } = await run(['users', 'approve', 'twelve', '--yes'])
    expect(exitCode).toBe(2)
    expect(stderr).toContain('expected a positive integer id')
  })
})

describe('settings', () => {
  it('exits 2 with a clear message when no token is given, before any API call', async () => {
    const { api, clients, result } = start(['users', 'pending'], { env: {} })
    const { exitCode, stderr, stdout } = await result()
    expect(exitCode).toBe(2)
    expect(stderr).toContain('Error: Missing admin access token')
    expect(stderr).toContain('PALLETLINE_TOKEN')
    expect(stdout).toBe('')
    expect(clients).toEqual([])
    expect(api.calls).toEqual([])
  })

  it('takes the URL and token from the environment, and flags over the environment', async () => {
    const fromEnv = start(['whoami'], {
      env: { PALLETLINE_TOKEN: 'plt_env', PALLETLINE_URL: 'https://ops.palletline.test' },
    })
    await fromEnv.result()
    expect(fromEnv.clients).toEqual([{ baseUrl: 'https://ops.palletline.test', token: 'plt_env' }])

    const fromFlags = start(['--url', 'http://10.0.0.5:3333', '--token', 'plt_flag', 'whoami'], {
      env: { PALLETLINE_TOKEN: 'plt_env' },
    })
    await fromFlags.result()
    expect(fromFlags.clients).toEqual([{ baseUrl: 'http://10.0.0.5:3333', token: 'plt_flag' }])

    const defaults = start(['whoami'], { env: { PALLETLINE_TOKEN: 'plt_env' } })
    await defaults.result()
    expect(defaults.clients[0]?.baseUrl).toBe('http://localhost:3333')
  })
})

describe('API errors', () => {
  it('prints `Error: <status>: <message>` on stderr and exits 1', async () => {
    const api = new FakePalletlineApi()
    api.failure = new ApiError(403, 'Only admins can review registrations')
    const { exitCode, stderr, stdout } = await run(['users', 'pending'], { api })
    expect(exitCode).toBe(1)
    expect(stderr).toBe('Error: 403: Only admins can review registrations\n')
    expect(stdout).toBe('')
  })
})

describe('whoami and health', () => {
  it('whoami shows the token’s user', async () => {
    const { exitCode, stdout } = await run(['whoami'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('Olivia Ops <ops@palletline.test>')
    expect(stdout).toMatch(/role\s+admin/)
  })

  it('health needs no token', async () => {
    const { clients, result } = start(['health'], { env: {} })
    const { exitCode, stdout } = await result()
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(/^http:\/\/localhost:3333: ok \(\d+ ms\)\n$/)
    expect(clients).toEqual([{ baseUrl: 'http://localhost:3333', token: undefined }])
  })
})

describe('users', () => {
  it('pending prints a table of the users waiting for approval', async () => {
    const { exitCode, stdout } = await run(['users', 'pending'])
    expect(exitCode).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s+COMPANY\s+VETTING\s+REGISTERED\s*$/)
    expect(lines[2]).toMatch(
      /^5\s+Carl Hauler\s+carl@midwest-haul\.test\s+carrier\s+Midwest Haul LLC\s+not vetted\s+2025-03-14\s*$/
    )
    expect(lines[3]).toMatch(
      /^7\s+Sasha Shipper\s+sasha@acme-goods\.test\s+shipper\s+—\s+—\s+2025-03-15\s*$/
    )
  })

  it('pending --json prints the raw JSON', async () => {
    const api = new FakePalletlineApi()
    const { stdout } = await run(['users', 'pending', '--json'], { api })
    expect(JSON.parse(stdout)).toEqual(api.pending)
  })

  it('pending says so when nobody is waiting', async () => {
    const api = new FakePalletlineApi()
    api.pending = []
    const { stdout } = await run(['users', 'pending'], { api })
    expect(stdout).toBe('No users are waiting for approval.\n')
  })

  it('approve 5 --yes approves without asking', async () => {
    const { api, result } = start(['users', 'approve', '5', '--yes'])
    const { exitCode, stdout } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([[5, true]])
    // The vetting is read first: a failed one would need a reason.
    expect(api.callsTo('pendingUsers')).toEqual([[]])
    expect(stdout).toContain('✔ Approving user 5… done')
    expect(stdout).toContain('Carl Hauler <carl@midwest-haul.test> is now approved.')
  })

  it('reject 7 -y rejects', async () => {
    const { api, result } = start(['users', 'reject', '7', '-y'])
    const { exitCode, stdout } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([[7, false]])
    expect(stdout).toContain('is now rejected.')
  })

  it('approve asks first, naming the user, and goes ahead on "y"', async () => {
    const stdin = new FakeTerminalInput()
    const { api, stdout, result } = start(['users', 'approve', '5'], { stdin })
    await eventually(() =>
      expect(stripAnsi(stdout.text)).toContain(
        'Approve user 5 (Carl Hauler, carrier, Midwest Haul LLC; vetting: not vetted)? (y/N)'
      )
    )
    expect(api.callsTo('approveUser')).toEqual([])
    await delay(20)
    stdin.press('y')

    const { exitCode } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([[5, true]])
  })

  it('reject changes nothing when the operator answers "n"', async () => {
    const stdin = new FakeTerminalInput()
    const { api, stdout, result } = start(['users', 'reject', '7'], { stdin })
    await eventually(() => expect(stripAnsi(stdout.text)).toContain('Reject user 7'))
    await delay(20)
    stdin.press('n')

    const { exitCode, stderr } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([])
    expect(stderr).toContain('Nothing changed: user 7 was not rejected.')
  })

  it('approve without --yes and without a terminal exits 2 and changes nothing', async () => {
    const { api, result } = start(['users', 'approve', '5'])
    const { exitCode, stderr } = await result()
    expect(exitCode).toBe(2)
    expect(stderr).toContain('pass --yes')
    expect(api.callsTo('approveUser')).toEqual([])
  })

  it('pending shows each carrier’s vetting, and what did not pass under the table', async () => {
    const api = new FakePalletlineApi()
    api.pending = [{ ...pendingCarrier, carrierVetting: failedVetting }, pendingShipper]
    const { exitCode, stdout } = await run(['users', 'pending'], { api })
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(
      /^5\s+Carl Hauler\s+\S+\s+carrier\s+Midwest Haul LLC\s+fail\s+2025-03-14/m
    )
    expect(stdout).toContain(
      '5 Midwest Haul LLC:\n  fail: USDOT 1234567 is not in the census\n  warn: No insurance certificate uploaded\n'
    )
  })

  it('approving a carrier whose vetting failed needs a reason: --reason, or asked on a terminal', async () => {
    const api = new FakePalletlineApi()
    api.pending = [{ ...pendingCarrier, carrierVetting: failedVetting }]
    const refused = await run(['users', 'approve', '5', '--yes'], { api })
    expect(refused.exitCode).toBe(2)
    expect(refused.stderr).toBe(
      'Error: user 5\'s vetting failed (USDOT 1234567 is not in the census); to approve anyway, say why with --reason "<text>".\n'
    )
    expect(api.callsTo('approveUser')).toEqual([])

    const empty = await run(['users', 'approve', '5', '--yes', '--reason', '  '], { api })
    expect(empty.exitCode).toBe(2)
    expect(empty.stderr).toContain('a reason of at least 10 characters')

    const stdin = new FakeTerminalInput()
    const started = start(
      ['users', 'approve', '5', '--reason', 'Census lags; DOT checked by phone'],
      {
        api,
        stdin,
      }
    )
    await eventually(() =>
      expect(stripAnsi(started.stdout.text)).toContain(
        '  fail: USDOT 1234567 is not in the census\n  warn: No insurance certificate uploaded\n'
      )
    )
    expect(stripAnsi(started.stdout.text)).toContain(
      'Approve user 5 (Carl Hauler, carrier, Midwest Haul LLC; vetting: fail)? (y/N)'
    )
    await delay(20)
    stdin.press('y')
    expect((await started.result()).exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([[5, true, 'Census lags; DOT checked by phone']])
  })

  it('on a terminal, a failed vetting asks why; the reason typed is sent, Esc gives up', async () => {
    const api = new FakePalletlineApi()
    api.pending = [{ ...pendingCarrier, carrierVetting: failedVetting }]
    const stdin = new FakeTerminalInput()
    const started = start(['users', 'approve', '5'], { api, stdin })
    await eventually(() => expect(stripAnsi(started.stdout.text)).toContain('Why approve anyway?'))
    expect(stripAnsi(started.stdout.text)).toContain(
      "User 5's vetting failed: USDOT 1234567 is not in the census."
    )
    await delay(20)
    // Under the API's 10 characters: said, and asked on.
    stdin.press('DOT ok')
    await eventually(() => expect(stripAnsi(started.stdout.text)).toContain('› DOT ok'))
    await delay(20)
    stdin.press('\r')
    await eventually(() =>
      expect(stripAnsi(started.stdout.text)).toContain('At least 10 characters, please.')
    )
    await delay(20)
    stdin.press(' by phone')
    await eventually(() => expect(stripAnsi(started.stdout.text)).toContain('› DOT ok by phone'))
    await delay(20)
    stdin.press('\r')
    await eventually(() => expect(stripAnsi(started.stdout.text)).toContain('(y/N)'))
    await delay(20)
    stdin.press('y')
    expect((await started.result()).exitCode).toBe(0)
    expect(api.callsTo('approveUser')).toEqual([[5, true, 'DOT ok by phone']])

    const escInput = new FakeTerminalInput()
    const given = start(['users', 'approve', '5'], { api, stdin: escInput })
    await eventually(() => expect(stripAnsi(given.stdout.text)).toContain('Why approve anyway?'))
    await delay(20)
    escInput.press('\u001b')
    const gaveUp = await given.result()
    expect(gaveUp.exitCode).toBe(0)
    expect(gaveUp.stderr).toContain('Nothing changed: user 5 was not approved (no reason given).')
    expect(api.callsTo('approveUser')).toHaveLength(1)
  })

  it('a failed approval shows the task failed, then the API error, exit 1', async () => {
    const api = new FakePalletlineApi()
    api.approveUser = async () => {
      throw new ApiError(409, 'User 5 is already approved')
    }
    const { exitCode, stdout, stderr } = await run(['users', 'approve', '5', '--yes'], { api })
    expect(exitCode).toBe(1)
    expect(stdout).toContain('✖ Approving user 5… failed')
    expect(stderr).toBe('Error: 409: User 5 is already approved\n')
  })
})

describe('tokens', () => {
  it('list passes the user id and prints a table', async () => {
    const { api, result } = start(['tokens', 'list', '--user', '1'])
    const { exitCode, stdout } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('listTokens')).toEqual([[1]])
    expect(stdout).toMatch(/^ID\s+USER\s+NAME\s+LAST USED\s+EXPIRES\s+CREATED/)
    expect(stdout).toMatch(/11\s+1\s+operator laptop\s+2025-03-16 08:00 UTC\s+never\s+2025-03-01/)
  })

  it('list without --user asks for the signed-in admin’s tokens', async () => {
    const { api, result } = start(['tokens', 'list', '--json'])
    const { stdout } = await result()
    expect(api.callsTo('listTokens')).toEqual([[undefined]])
    expect(JSON.parse(stdout)).toEqual(api.tokens)
  })

  it('create prints the secret once on stdout and a warning on stderr', async () => {
    const { api, result } = start([
      'tokens',
      'create',
      '--user',
      '7',
      '--name',
      'TMS integration',
      '--days',
      '30',
    ])
    const { exitCode, stdout, stderr } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('issueToken')).toEqual([
      [{ userId: 7, name: 'TMS integration', expiresInDays: 30 }],
    ])
    expect(stdout).toBe('plt_secret-value-shown-once\n')
    expect(stderr).toContain(
      'Created token "TMS integration" (id 12) for user 7; it expires 2025-04-15.'
    )
    expect(stderr).toContain('store this token now')
  })

  it('create without --days sends no expiry', async () => {
    const { api, result } = start(['tokens', 'create', '--user', '7', '--name', 'cli'])
    await result()
    expect(api.callsTo('issueToken')).toEqual([[{ userId: 7, name: 'cli' }]])
  })

  it('create requires --name', async () => {
    const { api, result } = start(['tokens', 'create', '--user', '7'])
    const { exitCode, stderr } = await result()
    expect(exitCode).toBe(2)
    expect(stderr).toContain("required option '--name <name>' not specified")
    expect(api.calls).toEqual([])
  })

  it('revoke --yes calls the API with both ids', async () => {
    const { api, result } = start(['tokens', 'revoke', '7', '12', '--yes'])
    const { exitCode, stdout } = await result()
    expect(exitCode).toBe(0)
    expect(api.callsTo('revokeToken')).toEqual([[7, 12]])
    expect(stdout).toContain('Token 12 of user 7 is revoked.')
  })

  it('revoke asks first (it cannot be undone); "n" keeps the token, no terminal is exit 2', async () => {
    const stdin = new FakeTerminalInput()
    const { api, stdout, result } = start(['tokens', 'revoke', '7', '12'], { stdin })
    await eventually(() =>
      expect(stripAnsi(stdout.text)).toContain(
        'Revoke token 12 of user 7? It cannot be undone. (y/N)'
      )
    )
    await delay(20)
    stdin.press('n')
    const kept = await result()
    expect(kept.exitCode).toBe(0)
    expect(kept.stderr).toContain('Nothing changed: token 12 of user 7 still works.')
    expect(api.callsTo('revokeToken')).toEqual([])

    const piped = await run(['tokens', 'revoke', '7', '12'])
    expect(piped.exitCode).toBe(2)
    expect(piped.stderr).toContain('pass --yes')
  })
})
