import type { Group } from '@japa/runner/core'
import User, { type Role } from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import CarrierVetting from '#trust/models/carrier_vetting'
import { DateTime, Settings } from 'luxon'
import { Clock } from '#core/clock'
import { businessDateColumn, businessDay } from '#core/business_time'
import encryption from '@adonisjs/core/services/encryption'
import { codeForStep, stepAt } from '#accounts/services/totp'

/**
 * The TOTP secret `makeUser` enrols admins with: admins must have two-factor on
 * (docs/decisions/0097), and tests compute their codes from it.
 */
export const TEST_TOTP_SECRET = 'KRSXG5CUN5ZGK43FMNZGK5CQGFQWY3DF'

let counter = 0

/** A user straight in the database; carriers get their company row. */
export async function makeUser(
  role: Role,
  overrides: Partial<{
    email: string
    password: string
    isApproved: boolean
    approvalStatus: 'pending' | 'approved' | 'rejected'
    firstName: string
    lastName: string
    /** admins are enrolled in two-factor sign-in unless this is false */
    twoFactor: boolean
  }> = {}
) {
  counter += 1
  const email = overrides.email ?? `${role}${counter}-${Date.now()}@example.test`
  const approved = overrides.isApproved ?? role !== 'carrier'
  const user = await User.create({
    username: email,
    email,
    password: overrides.password ?? 'secret123',
    role,
    firstName: overrides.firstName ?? 'Test',
    lastName: overrides.lastName ?? role.charAt(0).toUpperCase() + role.slice(1),
    phone: '3125550100',
    isApproved: approved,
    approvalStatus: overrides.approvalStatus ?? (approved ? 'approved' : 'pending'),
    termsAcceptedAt: DateTime.now(),
    termsVersion: '2025-01-15',
  })
  if (overrides.twoFactor ?? role === 'admin') await enrolTwoFactor(user)
  if (role === 'carrier') {
    const carrier = await Carrier.create({
      userId: user.id,
      companyName: `Test Freight ${counter} LLC`,
      dotNumber: `${1000000 + counter}`,
      mcNumber: `MC${500000 + counter}`,
      businessAddress: '100 W Main St',
      city: 'Chicago',
      state: 'IL',
      zipCode: '60601',
      modeMask: ['LTL', 'TL', 'DRAY', 'INTL', 'EXP'],
      // Factory carriers come vetted and insured, as an approved carrier would be
      // (docs/decisions/0091): dispatch re-checks read this vetting instead of the census.
      insuranceDocument: 'insurance/test-certificate.pdf',
      insuranceExpiresOn: businessDateColumn(wallClock, 365),
      verified: approved,
    })
    await CarrierVetting.create({
      carrierId: carrier.id,
      driver: 'factory',
      trigger: 'admin',
      result: 'pass',
      checks: [],
      verified: approved,
      checkedAt: DateTime.now(),
    })
  }
  return user
}

/** Turns two-factor sign-in on for a user straight in the database, with `secret`. */
export async function enrolTwoFactor(user: User, secret = TEST_TOTP_SECRET) {
  user.twoFactorSecret = encryption.encrypt(secret)
  user.twoFactorEnabledAt = DateTime.now()
  await user.save()
  return user
}

/**
 * A code the server accepts now for the user's secret: the current step's, or the next one's
 * when the current step was used already (a code is accepted once; one step ahead is within
 * the window).
 */
export async function nextTotpCode(userId: number, secret = TEST_TOTP_SECRET, atMs = Date.now()) {
  const row = await User.findOrFail(userId)
  const step = Math.max(stepAt(atMs), (row.twoFactorLastStep ?? 0) + 1)
  return codeForStep(secret, step)
}

/** Cookie jar for plain fetch against the test server, for real cookie round trips. */
export class Browserless {
  cookies = new Map<string, string>()
  constructor(public baseUrl: string) {}

  private absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const idx = pair.indexOf('=')
      const name = pair.slice(0, idx)
      const value = pair.slice(idx + 1)
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '')
        this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  /**
   * POST /api/login, and the code step when the account has two-factor on (admins): the code
   * is computed from the stored secret, as its owner's authenticator app would.
   */
  async signIn(username: string, password = 'secret123') {
    const login = await this.request('POST', '/api/login', { username, password })
    if (login.status !== 202) return login
    const user = await User.query()
      .where('email', username.toLowerCase())
      .orWhere('username', username.toLowerCase())
      .firstOrFail()
    const secret = encryption.decrypt<string>(user.twoFactorSecret!)!
    return this.request('POST', '/api/login/two-factor', {
      code: await nextTotpCode(user.id, secret),
    })
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {}
  ) {
    if (method !== 'GET' && opts.csrf !== false && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/api/user')
    }
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    // A FormData body is sent as multipart (fetch sets its boundary); anything else as JSON.
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['content-type'] = 'application/json'
    if (this.cookies.size) headers.cookie = this.cookieHeader()
    if (method !== 'GET' && opts.csrf !== false && this.cookies.has('XSRF-TOKEN')) {
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN')!)
    }
    const res = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    })
    this.absorb(res)
    const text = await res.text()
    let json: any = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = null
    }
    return { status: res.status, headers: res.headers, body: json, text }
  }
}

/**
 * Signed-in cookie sessions (password `secret123`), one per user, alternating between `urls`
 * (the test server and a second server process), each with its CSRF cookie already set, so
 * every request of a race leaves at once.
 */
export async function signInSessions(users: User[], urls: string[]) {
  const sessions: Browserless[] = []
  for (const [i, user] of users.entries()) {
    const session = new Browserless(urls[i % urls.length])
    const res = await session.request('POST', '/api/login', {
      username: user.email,
      password: 'secret123',
    })
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
    await session.request('GET', '/api/health')
    sessions.push(session)
  }
  return sessions
}

export function baseUrl() {
  return `http://${process.env.HOST}:${process.env.PORT}`
}

async function clearRateLimits() {
  // Rate-limit counters (failed logins per IP, ...) belong to the data a test starts without.
  const { default: limiter } = await import('@adonisjs/limiter/services/main')
  await limiter.clear()
}

/**
 * Isolates each test of a group in one database transaction that is rolled back after it,
 * from a database emptied once before the group. The server under test runs in this process,
 * so its queries join that transaction, and a transaction the code opens becomes a savepoint.
 * Not for tests that race requests (concurrent savepoints on one connection interleave), spawn
 * processes or drive a browser: those groups empty the tables with resetDatabase instead.
 */
export function eachTestInTransaction(group: Group) {
  group.setup(() => resetDatabase())
  group.each.setup(async () => {
    await clearRateLimits()
    await forgetCaches()
    const { default: testUtils } = await import('@adonisjs/core/services/test_utils')
    return testUtils.db().withGlobalTransaction()
  })
}

/** Whatever a process keeps between requests about rows a test is about to replace. */
async function forgetCaches() {
  const { boardCache } = await import('#freight_board/services/board_cache')
  boardCache.forget()
  // The simulated partner remembers every booking's idempotency key (`tms-quote-<quote>-user-
  // <shipper>`), as a real partner does for good; an emptied database issues those quote and
  // user ids again, so each test meets a partner built afresh from the config. A test's own
  // fake still wins until its restore().
  const { default: partnerCarriers } = await import('#plugins/partner_carriers/services/main')
  partnerCarriers.rebuild('demo_partner')
}

/** Empties every table (keeps the schema) and the rate limits, on SQLite and PostgreSQL. */
export async function resetDatabase() {
  await clearRateLimits()
  await forgetCaches()
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const conn = db.connection()
  const isPg = conn.dialect.name === 'postgres'
  const tables = (await conn.getAllTables(isPg ? ['public'] : undefined)).filter(
    (t) => !t.startsWith('adonis_schema') && t !== 'sqlite_sequence'
  )
  if (tables.length === 0) return
  if (isPg) {
    await conn.rawQuery(
      `TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`
    )
    return
  }
  // A virtual table (the search R*Tree, decision 0086) is emptied through itself; its shadow
  // tables may not be written.
  const virtual = (
    await conn.rawQuery(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'"
    )
  ).map((row: { name: string }) => row.name)
  const shadow = (table: string) => virtual.some((v: string) => table.startsWith(`${v}_`))
  await conn.rawQuery('PRAGMA foreign_keys = OFF')
  try {
    for (const table of tables.filter((t) => !shadow(t))) {
      await conn.rawQuery(`DELETE FROM "${table}"`)
    }
    await conn.rawQuery('DELETE FROM sqlite_sequence').catch(() => {})
  } finally {
    await conn.rawQuery('PRAGMA foreign_keys = ON')
  }
}

const wallClock = new Clock()

/** The business day `days` from today (`YYYY-MM-DD`), as the app computes "today". */
export function businessDayFromToday(days = 0): string {
  return businessDay(wallClock, days)
}

/** The business day `days` from today as a Lucid date-column value. */
export function businessDateFromToday(days = 0): DateTime {
  return businessDateColumn(wallClock, days)
}

/**
 * Runs `fn` as if this process sat in `zone`: luxon's local zone (what `DateTime.now()` and
 * `toLocal()` give, and what Lucid reads SQLite's zone-less timestamps back in) moves there, then
 * back. The server under test runs in this process, so it moves too. Shows at any hour what
 * `.ci/off-hours` (TZ=Pacific/Kiritimati) shows: a moment written in another zone than the one
 * it is read back in.
 */
export async function inProcessZone<T>(zone: string, fn: () => Promise<T>): Promise<T> {
  const before = Settings.defaultZone
  Settings.defaultZone = zone
  try {
    return await fn()
  } finally {
    Settings.defaultZone = before
  }
}

/**
 * The app as its own server process on `port`, against the test database, with extra env
 * (e.g. the production session store). Stop it with `stop()`.
 */
export async function startServer(port: number, env: Record<string, string> = {}) {
  const { spawn } = await import('node:child_process')
  const { default: app } = await import('@adonisjs/core/services/app')
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'backend/bin/server.js'], {
    cwd: app.makePath(),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      SQLITE_FILE: process.env.SQLITE_FILE ?? 'tmp/test.sqlite3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = `http://${process.env.HOST}:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false
    )
    // Up, and answered by this child: another process left on the port would answer the health
    // check while this child has exited on EADDRINUSE.
    if (up && child.exitCode === null) {
      return {
        url,
        child,
        output: () => output,
        // A child that has already exited (it crashed, or lost its port) stops at once: waiting
        // for an 'exit' that has been and gone would hang the suite.
        stop: () =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.kill('SIGTERM')
          }),
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start: ${output}`)
}

/**
 * The environment without libfaketime (.ci/off-hours), for programs that keep the real clock:
 * Chromium and redis-server do not start under it ("Unexpected recursive calls to
 * clock_gettime()"), and like the database they keep their own clock anyway.
 */
export function realClockEnv() {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')) {
      env[name] = value
    }
  }
  return env
}
