/*
 * What scripts/bundle-size.js and scripts/lighthouse.js share to measure the screens people work
 * in: the compiled server (build/) started as `npm start` serves it, in production mode on a
 * SQLite file of its own (with the demo data when the signed-in pages are measured), the demo
 * accounts signed in through the API as the app signs in (POST /api/login, then the admin's
 * two-factor code from the demo TOTP secret, README "Demo logins"), and their session cookies
 * in a form a browser context takes.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { authenticator } from 'otplib'

export const ROOT = new URL('..', import.meta.url).pathname

/** The screens of issue 38 and the demo account each is measured as. */
export const SIGNED_IN_PAGES = {
  '/shipper': 'shipper',
  '/post-load': 'shipper',
  '/tms': 'shipper',
  '/carrier': 'carrier',
  '/freight-board': 'carrier',
  '/admin': 'admin',
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The compiled server on `port` with an empty SQLite file of its own (`tmp/<name>.sqlite3`);
 * with `demo`, the demo data seeded first (database/seeders/demo_seeder.ts).
 */
export async function startServer({ port, name = 'lighthouse', demo = false }) {
  if (!existsSync(join(ROOT, 'build/.built')) || !existsSync(join(ROOT, 'frontend/dist'))) {
    console.error('No build: run `npm run build` first (this script builds nothing).')
    process.exit(1)
  }
  mkdirSync(join(ROOT, 'tmp'), { recursive: true })
  const sqlite = `tmp/${name}.sqlite3`
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(ROOT, sqlite + suffix), { force: true })
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // The demo's build, measured as `npm start` serves it (docs/decisions/0204).
    DEMO_MODE: 'true',
    APP_KEY: process.env.APP_KEY ?? randomBytes(32).toString('base64url'),
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'memory',
    DB_CONNECTION: 'sqlite',
    SQLITE_FILE: sqlite,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCHEDULER_ENABLED: 'false',
  }
  const cwd = join(ROOT, 'build')
  const ace = (args, what) => {
    const step = spawnSync(process.execPath, ['ace.js', ...args], { cwd, env, encoding: 'utf8' })
    if (step.status !== 0) throw new Error(`${what} failed: ${step.stderr}`)
  }
  ace(['migration:run', '--force'], 'migration')
  if (demo) ace(['db:seed', '--files', 'database/seeders/demo_seeder.js'], 'demo seed')
  const child = spawn(process.execPath, ['backend/bin/server.js'], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr.on('data', (chunk) => (errors += chunk))
  const url = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`server exited: ${errors}`)
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false
    )
    if (up) return { url, stop: () => stopProcess(child) }
  }
  child.kill('SIGKILL')
  throw new Error(`server did not start: ${errors}`)
}

export function stopProcess(child, { group = false } = {}) {
  // A detached child leads its own process group: signal the whole group.
  const signal = (name) => {
    try {
      if (group) process.kill(-child.pid, name)
      else child.kill(name)
    } catch {
      // already gone
    }
  }
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (group) signal('SIGKILL')
      return resolve()
    }
    const force = setTimeout(() => signal('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(force)
      // Helpers that outlived the browser's own exit.
      if (group) signal('SIGKILL')
      resolve()
    })
    signal('SIGTERM')
  })
}

/** The demo accounts (database/demo_accounts.json) by role. */
function demoAccount(role) {
  const accounts = JSON.parse(readFileSync(join(ROOT, 'database/demo_accounts.json'), 'utf8'))
  const account = accounts.find((a) => a.role === role)
  if (!account) throw new Error(`No demo account with role ${role}`)
  return account
}

/** A tiny cookie jar: name → value, from each response's Set-Cookie headers. */
function remember(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
  }
}

/**
 * Signs the demo account of `role` in at `base` as the app does and returns its cookies for a
 * browser context (Playwright's addCookies, CDP's Network.setCookies). The admin's code is taken
 * once (each code is accepted once): sign each role in once per server.
 */
export async function signIn(base, role) {
  const account = demoAccount(role)
  const jar = new Map()
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        cookie: header(),
        ...(body
          ? {
              'content-type': 'application/json',
              'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
            }
          : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    })
    remember(jar, response)
    return response
  }
  await call('GET', '/api/user')
  let login = await call('POST', '/api/login', {
    username: account.email,
    password: account.password,
  })
  if (login.status === 202) {
    if (!account.totpSecret) throw new Error(`${role} needs a two-factor code`)
    login = await call('POST', '/api/login/two-factor', {
      code: authenticator.generate(account.totpSecret),
    })
  }
  if (!login.ok) throw new Error(`Sign-in as ${role} failed: ${login.status} ${await login.text()}`)
  // The XSRF cookie bound to the new session (decision 0169).
  await call('GET', '/api/user')
  const { hostname } = new URL(base)
  return [...jar].map(([name, value]) => ({
    name,
    value,
    domain: hostname,
    path: '/',
    httpOnly: name !== 'XSRF-TOKEN',
    sameSite: 'Lax',
  }))
}
