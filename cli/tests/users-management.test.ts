import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AdminUser, AdminUserDetail } from '../src/api/operator.js'
import { meta, ok, StubApi } from './helpers/stub-server.js'

const api = new StubApi()
beforeAll(() => api.listen())
afterAll(() => api.stop())
beforeEach(() => api.reset())

const REASON = 'Fraud report from the bank'

const user = (id: number, overrides: Partial<AdminUser> = {}): AdminUser => ({
  id,
  email: `user${id}@example.test`,
  name: 'Sam Shipper',
  role: 'shipper',
  company: null,
  membership: null,
  approval: 'approved',
  standing: 'active',
  twoFactor: false,
  lockedUntil: null,
  lastSignInAt: '2026-06-01T15:30:00.000Z',
  createdAt: '2026-05-01T10:00:00.000Z',
  ...overrides,
})

describe('palletline users list', () => {
  it('prints every user; filters, sort and page are sent; --json for scripts', async () => {
    const page = {
      data: [
        user(7),
        user(8, {
          membership: { companyId: 4, companyName: 'Acme Foods', kind: 'shipper', role: 'planner' },
        }),
        user(5, {
          role: 'carrier',
          company: {
            carrierId: 3,
            name: 'Midwest Haul LLC',
            dotNumber: '1234567',
            mcNumber: 'MC1',
          },
          standing: 'locked',
          twoFactor: true,
          lastSignInAt: null,
        }),
      ],
      meta: meta(3),
    }
    api.replies[
      'GET /api/admin/users?role=carrier&standing=locked&twoFactor=on&q=haul&sort=email&direction=asc&perPage=50&page=1'
    ] = ok(page)
    const args = [
      'users',
      'list',
      '--role',
      'carrier',
      '--standing',
      'locked',
      '--two-factor',
      'on',
      '--search',
      'haul',
      '--sort',
      'email',
      '--asc',
      '--per-page',
      '50',
      '--page',
      '1',
    ]
    const { exitCode, stdout, stderr } = await api.run(args)
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    expect(stdout).toMatch(
      /^7\s+Sam Shipper\s+user7@example.test\s+shipper\s+—\s+approved\s+active\s+off\s+2026-06-01/m
    )
    expect(stdout).toMatch(/^5\s+.*carrier\s+Midwest Haul LLC\s+approved\s+locked\s+on\s+never/m)
    expect(stdout).toMatch(/^8\s+.*shipper\s+Acme Foods \(planner\)\s+approved/m)
    const json = await api.run([...args, '--json'])
    expect(JSON.parse(json.stdout)).toEqual(page)
  })

  it('bad arguments exit 2 before any request', async () => {
    for (const args of [
      ['users', 'list', '--role', 'driver'],
      ['users', 'list', '--standing', 'banned'],
      ['users', 'list', '--two-factor', 'yes'],
      ['users', 'list', '--per-page', '101'],
      ['users', 'list', '--sort', 'name'],
      ['users', 'show', 'x'],
      ['users', 'suspend', '5', '--yes'],
      ['users', 'suspend', '5', '--reason', 'short', '--yes'],
      ['users', 'reinstate', '0', '--reason', REASON, '--yes'],
      ['users', 'reset-2fa', 'me', '--reason', REASON, '--yes'],
      ['users', 'revoke-sessions', '5', '--reason', 'x'.repeat(501), '--yes'],
      ['users', 'reset-password', '5', '--yes'],
      ['users', 'reset-password', 'x', '--reason', REASON, '--yes'],
      ['users', 'reset-password', '5', '--reason', 'short', '--yes'],
    ]) {
      const { exitCode } = await api.run(args)
      expect(exitCode, args.join(' ')).toBe(2)
    }
    expect(api.seen).toEqual([])
  })
})

describe('palletline users show', () => {
  it('prints the account, counts, tokens and standing history', async () => {
    const detail: AdminUserDetail = {
      user: user(7, { standing: 'suspended' }),
      phone: null,
      counts: { bookings: 4, loads: 2 },
      sessions: [],
      tokens: [
        {
          id: 9,
          userId: 7,
          name: 'tms',
          lastUsedAt: null,
          expiresAt: null,
          createdAt: '2026-05-01T10:00:00.000Z',
          abilities: ['tms:read'],
        },
      ],
      vetting: null,
      standingHistory: [
        { action: 'suspended', reason: REASON, at: '2026-06-02T10:00:00.000Z', adminUserId: 1 },
      ],
      pendingEmailChange: null,
      pendingRequests: [],
      actions: [],
    }
    api.replies['GET /api/admin/users/7'] = ok(detail)
    const { exitCode, stdout } = await api.run(['users', 'show', '7'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('standing     suspended')
    expect(stdout).toContain('bookings     4')
    expect(stdout).toContain('tms (tms:read, last used never)')
    expect(stdout).toContain(`suspended: ${REASON}`)
  })
})

describe('palletline users <action>', () => {
  it('each action posts its reason; a revocation says how many', async () => {
    const cases: [string, string, string][] = [
      ['suspend', 'suspend', 'suspended'],
      ['reinstate', 'reinstate', 'reinstated'],
      ['reset-2fa', 'reset-two-factor', 'two-factor sign-in is off'],
      ['revoke-sessions', 'revoke-sessions', 'signed out everywhere (2 ended)'],
      [
        'reset-password',
        'force-password-reset',
        'password reset; a link to set a new one was mailed',
      ],
    ]
    for (const [command, action, said] of cases) {
      api.reset()
      api.replies[`POST /api/admin/users/7/${action}`] = ok({
        action,
        status: 'done',
        user: user(7),
        count: action === 'revoke-sessions' ? 2 : null,
        auditId: 1,
      })
      const { exitCode, stdout } = await api.run([
        'users',
        command,
        '7',
        '--reason',
        REASON,
        '--yes',
      ])
      expect(exitCode, command).toBe(0)
      expect(stdout).toBe(`user7@example.test: ${said}.\n`)
      expect(JSON.parse(api.seen[0]!.body)).toEqual({ reason: REASON })
    }
  })

  it('an admin account: the request waits for a second admin; refusals exit 1', async () => {
    api.replies['POST /api/admin/users/2/suspend'] = {
      status: 202,
      body: {
        id: 11,
        action: 'suspend',
        targetUserId: 2,
        requestedBy: 1,
        reason: REASON,
        payload: null,
        status: 'pending',
        decidedBy: null,
        outcome: null,
        createdAt: '2026-06-01T15:30:00.000Z',
        decidedAt: null,
      },
    }
    const asked = await api.run(['users', 'suspend', '2', '--reason', REASON, '--yes'])
    expect(asked.exitCode).toBe(0)
    expect(asked.stdout).toContain('request 11 waits for a second admin')
    api.replies['POST /api/admin/users/1/reset-two-factor'] = {
      status: 403,
      body: { message: 'You cannot reset your own two-factor authentication' },
    }
    const own = await api.run(['users', 'reset-2fa', '1', '--reason', REASON, '--yes'])
    expect(own.exitCode).toBe(1)
    expect(own.stderr).toBe('Error: 403: You cannot reset your own two-factor authentication\n')
  })

  it('without --yes and without a terminal it asks for --yes (exit 2)', async () => {
    const { exitCode, stderr } = await api.run(['users', 'suspend', '7', '--reason', REASON])
    expect(exitCode).toBe(2)
    expect(stderr).toContain('--yes')
    expect(api.seen).toEqual([])
  })
})

describe('palletline users requests | confirm (the two-person rule)', () => {
  const waiting = {
    id: 11,
    action: 'change-email',
    targetUserId: 2,
    requestedBy: 1,
    reason: REASON,
    payload: { email: 'new-admin@example.test' },
    status: 'pending',
    decidedBy: null,
    outcome: null,
    createdAt: '2026-06-01T15:30:00.000Z',
    decidedAt: null,
  }

  it('lists what waits for a second admin, with a change of email spelled out', async () => {
    api.replies['GET /api/admin/user-actions'] = ok([waiting])
    const { exitCode, stdout } = await api.run(['users', 'requests'])
    expect(exitCode).toBe(0)
    expect(stdout).toContain('change-email to new-admin@example.test')
    expect(stdout).toContain(REASON)
    api.replies['GET /api/admin/user-actions'] = ok([])
    const none = await api.run(['users', 'requests'])
    expect(none.stdout).toContain('No action waits for a second admin.')
  })

  it('confirm carries the request out and says what was done; a refusal exits 1', async () => {
    api.replies['POST /api/admin/user-actions/11/confirm'] = ok({
      action: 'revoke-sessions',
      status: 'done',
      user: user(2, { role: 'admin' }),
      count: 3,
      auditId: 9,
    })
    const done = await api.run(['users', 'confirm', '11', '--yes'])
    expect(done.exitCode).toBe(0)
    expect(done.stdout).toBe(
      'Request 11 confirmed: user2@example.test, revoke-sessions (3 ended).\n'
    )
    api.replies['POST /api/admin/user-actions/12/confirm'] = {
      status: 403,
      body: { message: 'A second admin must confirm this request' },
    }
    const own = await api.run(['users', 'confirm', '12', '--yes'])
    expect(own.exitCode).toBe(1)
    expect(own.stderr).toBe('Error: 403: A second admin must confirm this request\n')
  })

  it('a bad request id exits 2 before any request; without --yes and a terminal it asks for --yes', async () => {
    const bad = await api.run(['users', 'confirm', 'abc', '--yes'])
    expect(bad.exitCode).toBe(2)
    api.replies['GET /api/admin/user-actions'] = ok([waiting])
    const unasked = await api.run(['users', 'confirm', '11'])
    expect(unasked.exitCode).toBe(2)
    expect(unasked.stderr).toContain('--yes')
    expect(api.seen.some((seen) => seen.method === 'POST')).toBe(false)
  })
})
