import { test } from '@japa/runner'
import type { ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import {
  buildServer,
  clusterEnv,
  missingPrerequisite,
  prepareDatabase,
  root,
  startInstance,
  startNginx,
  waitReady,
} from '../../../../scripts/cluster_setup.js'
import { Supervisor } from '../../../../scripts/supervisor.js'
import { Browserless, businessDayFromToday } from '#tests/helpers'
import { RedisServer, sleep } from '#tests/redis_server'

/**
 * The chaos test (docs/operations.md, "The chaos test"; docs/decisions/0168): two compiled
 * instances behind nginx on PostgreSQL and a redis-server of the test's own, supervised as
 * `npm run cluster` supervises them (scripts/supervisor.js), broken under load one fault after
 * another: Redis stopped for 12 s and started again on the same port, the instances' database
 * connections killed, one instance SIGKILLed, the other SIGTERMed. Every answer the load gets
 * is recorded (when it was sent and answered, by whom, its status) and judged afterwards by
 * the rules in `verdict` and `readinessFindings`. It runs in the PostgreSQL leg of `npm test`;
 * on SQLite it is reported as skipped.
 */
const onPostgres = process.env.DB_CONNECTION === 'pg'
const SKIP_REASON = 'the chaos test breaks a cluster on PostgreSQL and Redis: the PostgreSQL leg'

/** nginx's port, the instances on the next two; never the cluster test's (PORT+200…). */
const LISTEN = Number(process.env.CHAOS_TEST_PORT ?? Number(process.env.PORT) + 300)
const PORTS = [LISTEN + 1, LISTEN + 2]
/** The test's own redis-server (never the shared one: it is stopped and started here). */
const REDIS_PORT = Number(process.env.CHAOS_TEST_REDIS_PORT ?? Number(process.env.PORT) + 2042)
/** Dropped to an empty schema, migrated and seeded on every run. */
const DATABASE = process.env.CHAOS_TEST_DB ?? 'test_chaos'
const NGINX = `http://127.0.0.1:${LISTEN}`
const direct = (port: number) => `http://127.0.0.1:${port}`
const instanceName = (port: number) => `instance ${port}`
const verbose = Boolean(process.env.CHAOS_TEST_VERBOSE)

/** Shippers booking at once, each waiting for its answer before its next booking. */
const SHIPPERS = 8
const REDIS_OUTAGE_MS = 12_000
/** Sign-in works again within this long of Redis's return (the resilience issue). */
const SIGN_IN_BACK_MS = 10_000
/** How long readiness may take to see Redis gone: one reconnection step (decision 0160). */
const READY_SEES_REDIS_MS = 2000
/** After a kill of database connections, the pool has dropped every dead one by then. */
const DB_SETTLE_MS = 3000
/** How many times the connections are killed, and how far apart. */
const DB_KILLS = 6
const DB_KILL_GAP_MS = 500
/** A drain long enough for a probe every 150 ms to see it on a loaded machine. */
const DRAIN_MS = 2000
/** After an instance is ready again, nginx has tried it again (fail_timeout=2s, decision 0163). */
const NGINX_BACK_MS = 2500
const PROBE_EVERY_MS = 150
const SIGN_IN_EVERY_MS = 300
const REQUEST_TIMEOUT_MS = 20_000
/** A client honours Retry-After up to this long (a real one would wait the whole time). */
const RETRY_AFTER_CAP_MS = 3000
/** A 409 "still being processed" is retried this long before the key counts as orphaned. */
const IN_FLIGHT_PATIENCE_MS = 3000
/** Bookings in progress when the faults are over get this long to settle. */
const SETTLE_MS = 15_000
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed'

type Kind = 'book' | 'login' | 'register' | 'user' | 'ready' | 'other'
type Status = number | 'error' | 'timeout'
/** One answer the load got (or the failure to get one). Times are Date.now() values. */
type Answer = {
  kind: Kind
  /** nginx, or the instance's port for a request sent straight to it */
  target: 'nginx' | number
  sentAt: number
  at: number
  status: Status
  retryAfter: string | null
  upstream: string
  message?: string
  /** the cookie jar (session) that sent it */
  session: number
  /** whether that jar had signed in when it sent it */
  signedIn: boolean
}
/** A fault's window: when answers may show it. `port`: only that instance's. */
type Window = {
  fault: 'redis' | 'database' | 'sigkill' | 'sigterm'
  from: number
  to: number
  port?: number
}
type Intent = {
  key: string
  listingId: number
  attempts: { status: Status; sentAt: number; at: number; message?: string }[]
  final: 'pending' | 'booked' | 'refused' | 'orphaned' | 'unresolved' | 'unexpected'
  bookingId?: number
}
type Round = {
  port: number
  sentAt: number
  ready: Status
  readyAt: number
  follow?: Status
  at: number
}
type Lane = { listingId: number; pickupAddress: string; deliveryAddress: string }

type Chaos = {
  env: Record<string, string | undefined>
  redis: RedisServer
  supervisor?: Supervisor
  db?: pg.Client
  output: Map<string, string>
  starts: { name: string; pid: number | undefined; at: number }[]
  password: string
  shippers: string[]
  signInUser: string
  probeUser: string
  lanes: Lane[]
  runId: string
}
let chaos: Chaos | undefined
/** The load's switches: no new booking once stopping; no retry after the hard deadline. */
const load = { stopping: false, hardDeadline: Infinity }

function upstreamOf(headers: Headers): string {
  return String(headers.get('x-upstream') ?? '')
    .split(',')
    .map((s) => s.trim())
    .at(-1)!
}

function kindOf(method: string, path: string): Kind {
  if (method === 'POST' && path === '/api/bookings') return 'book'
  if (method === 'POST' && path === '/api/login') return 'login'
  if (method === 'POST' && path === '/api/register') return 'register'
  if (method === 'GET' && path === '/api/user') return 'user'
  if (method === 'GET' && path === '/api/ready') return 'ready'
  return 'other'
}

class TimedOut extends Error {}
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}

let sessionCounter = 0
/** A cookie jar whose every request (its CSRF fetch included) is recorded in `log`. */
class Client extends Browserless {
  readonly id = ++sessionCounter
  readonly createdAt = Date.now()
  /** The last request's status, its failure included. */
  last: Status = 'error'
  /** Whether a sign-in (or sign-up) through this jar has worked. */
  signedIn = false
  constructor(
    private target: 'nginx' | number,
    private log: Answer[]
  ) {
    super(target === 'nginx' ? NGINX : direct(target))
  }

  override async request(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; headers?: Record<string, string> } = {}
  ) {
    const sentAt = Date.now()
    const kind = kindOf(method, path)
    const answer = { kind, target: this.target, sentAt, session: this.id, signedIn: this.signedIn }
    try {
      const res = await withTimeout(super.request(method, path, body, opts), REQUEST_TIMEOUT_MS)
      this.last = res.status
      if ((kind === 'login' && res.status === 200) || (kind === 'register' && res.status === 201)) {
        this.signedIn = true
      }
      this.log.push({
        ...answer,
        at: Date.now(),
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        upstream: upstreamOf(res.headers),
        message: typeof res.body?.message === 'string' ? res.body.message : undefined,
      })
      return res
    } catch (error) {
      this.last = error instanceof TimedOut ? 'timeout' : 'error'
      this.log.push({
        ...answer,
        at: Date.now(),
        status: error instanceof TimedOut ? 'timeout' : 'error',
        retryAfter: null,
        upstream: '',
        message: error instanceof Error ? error.message : String(error),
      })
      throw error
    }
  }
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}

/**
 * The cluster's database with an empty schema: dropping the database itself (what
 * prepareDatabase's `fresh` does) forces a checkpoint, which takes 20 s and more on a machine
 * whose PostgreSQL is busy with other suites; an empty schema is as fresh.
 */
async function emptyDatabase(env: Chaos['env']) {
  const connection = {
    host: env.PG_HOST,
    port: env.PG_PORT ? Number(env.PG_PORT) : undefined,
    user: env.PG_USER,
    password: env.PG_PASSWORD,
  }
  const admin = new pg.Client({ ...connection, database: 'postgres' })
  await admin.connect()
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (found.rowCount === 0)
      await admin.query(`CREATE DATABASE "${DATABASE.replaceAll('"', '""')}"`)
  } finally {
    await admin.end()
  }
  const client = new pg.Client({ ...connection, database: DATABASE })
  await client.connect()
  try {
    // A run that died without its teardown may have left instances connected.
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()'
    )
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public')
  } finally {
    await client.end()
  }
}

async function startChaos(): Promise<Chaos> {
  const began = Date.now()
  const timing = verbose
    ? (line: string) => console.log(`${Date.now() - began} ms ${line}`)
    : () => {}
  const missing = missingPrerequisite()
  if (missing?.startsWith('nginx')) throw new Error(`the chaos test needs ${missing}`)
  // The instances run the compiled server, the same build as the cluster test's.
  buildServer({ log: timing })

  const env = clusterEnv({
    listen: LISTEN,
    appKey: randomBytes(32).toString('base64url'),
    overrides: {
      PG_DB_NAME: DATABASE,
      PG_HOST: process.env.PG_HOST ?? '127.0.0.1',
      PG_USER: process.env.PG_USER ?? 'postgres',
      REDIS_HOST: '127.0.0.1',
      REDIS_PORT: String(REDIS_PORT),
      REDIS_DB: '0',
      REDIS_KEY_PREFIX: `test_chaos:${randomUUID()}:`,
      APP_URL: NGINX,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '5000',
    },
  })
  const running: Chaos = {
    env,
    redis: new RedisServer(REDIS_PORT),
    output: new Map(),
    starts: [],
    password: `Chaos-${randomUUID()}`,
    shippers: [],
    signInUser: '',
    probeUser: '',
    lanes: [],
    runId: randomUUID().slice(0, 8),
  }
  try {
    // First: the app's commands (migrations, seeding) connect to Redis and wait for it.
    await running.redis.start()
    timing('redis-server started')
    await emptyDatabase(env)
    prepareDatabase(env, { fresh: false, seed: true, log: timing })
    timing('database migrated and seeded')
    running.db = new pg.Client({
      host: env.PG_HOST,
      port: env.PG_PORT ? Number(env.PG_PORT) : undefined,
      user: env.PG_USER,
      password: env.PG_PASSWORD,
      database: DATABASE,
    })
    await running.db.connect()
    running.lanes = await roomOnListings(running.db)

    const supervisor = new Supervisor({
      stopTimeoutMs: 15_000,
      log: (line) => timing(line),
    })
    running.supervisor = supervisor
    supervisor.on('start', ({ name, pid }) => running.starts.push({ name, pid, at: Date.now() }))
    // What each instance prints: the last of it for the assertions' messages, all of it (every
    // process of that name, restarts included) in tmp/chaos-test-<port>/, next to nginx's logs.
    const prefix = join(root, `tmp/chaos-test-${LISTEN}`)
    mkdirSync(prefix, { recursive: true })
    const keep = (name: string, chunk: unknown) => {
      running.output.set(name, ((running.output.get(name) ?? '') + String(chunk)).slice(-20_000))
      appendFileSync(join(prefix, `${name.replace(' ', '-')}.log`), String(chunk))
    }
    for (const port of PORTS) {
      writeFileSync(join(prefix, `${instanceName(port).replace(' ', '-')}.log`), '')
      const name = instanceName(port)
      supervisor.add(name, () => {
        const child = startInstance(env, port, ['ignore', 'pipe', 'pipe'])
        child.stdout!.on('data', (chunk) => keep(name, chunk))
        child.stderr!.on('data', (chunk) => keep(name, chunk))
        return child
      })
    }
    supervisor.add(
      'nginx',
      () => startNginx({ prefix, listen: LISTEN, ports: PORTS, stdio: 'ignore' }),
      {
        stopSignal: 'SIGQUIT',
      }
    )
    for (const port of PORTS) {
      if (!(await waitReady(port))) {
        throw new Error(`instance ${port} not ready: ${running.output.get(instanceName(port))}`)
      }
    }
    const health = await fetch(`${NGINX}/api/health`).catch(() => null)
    if (!health?.headers.get('x-upstream')) throw new Error(`nginx is not answering on ${NGINX}`)
    timing('instances and nginx ready')

    // The people of the load: shippers signing up as anyone would, one account that signs in
    // over and over, one the readiness probes use.
    const register = async (email: string) => {
      const client = new Client('nginx', [])
      const res = await client.request('POST', '/api/register', {
        email,
        password: running.password,
        role: 'shipper',
        firstName: 'Chaos',
        lastName: 'Shipper',
        termsAccepted: true,
      })
      if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${res.text}`)
      return email
    }
    const emails = Array.from(
      { length: SHIPPERS + 2 },
      (_, i) => `chaos-${running.runId}-${i}@example.test`
    )
    const registered = await Promise.all(emails.map(register))
    running.shippers = registered.slice(0, SHIPPERS)
    running.signInUser = registered[SHIPPERS]
    running.probeUser = registered[SHIPPERS + 1]
    timing('shippers registered')
    return running
  } catch (error) {
    await stopChaos(running)
    throw error
  }
}

/**
 * The seeded listings that can be booked, as lanes. All but two get room for the whole run,
 * so bookings succeed through every fault; two keep a truck's worth of room, so they fill up
 * under concurrent bookings and the oversell check has something to catch.
 */
async function roomOnListings(db: pg.Client): Promise<Lane[]> {
  const { rows } = await db.query(
    `SELECT l.id, l.pickup_address, l.delivery_address,
            coalesce((SELECT sum(b.number_of_pallets) FROM bookings b
                       WHERE b.listing_id = l.id AND b.status <> 'cancelled'), 0)::int AS booked
       FROM listings l WHERE l.status = 'active' ORDER BY l.id`
  )
  if (rows.length < 3) throw new Error(`the demo seed has ${rows.length} active listings`)
  for (const [i, row] of rows.entries()) {
    const room = i < 2 ? 24 : 10_000
    await db.query('UPDATE listings SET max_pallets = $1 WHERE id = $2', [
      row.booked + room,
      row.id,
    ])
  }
  return rows.map((row) => ({
    listingId: row.id,
    pickupAddress: row.pickup_address,
    deliveryAddress: row.delivery_address,
  }))
}

async function stopChaos(running: Chaos) {
  await running.supervisor?.stop()
  await running.redis.stop()
  await running.db?.end().catch(() => {})
}

/** Whether an answer's request overlapped a window (of its instance, for a per-instance one). */
function overlaps(answer: { sentAt: number; at: number }, window: Window, port?: number) {
  if (window.port !== undefined && port !== undefined && window.port !== port) return false
  return answer.sentAt <= window.to && answer.at >= window.from
}

/**
 * What an answer may be. Returns why it is wrong, or null. Statuses accepted, and why:
 * - 2xx; 409 to a booking (no room left, or "still being processed" for a key whose request
 *   died with a SIGKILLed instance: the claim is kept for the 60 s takeover, decision 0052).
 * - 503 with Retry-After, from a request that overlapped the Redis outage (until sign-in's
 *   10 s after Redis is back) or a kill of database connections (3 s): the app's "briefly
 *   unavailable" (decision 0160), "outcome unknown, retry with the key" (decision 0162), and
 *   "connection lost, try again" to a read or a sign-in (decision 0168).
 * - 503 from /api/ready (no Retry-After): around the Redis outage, a kill of connections (its
 *   check may meet a killed one), or a stop of its own instance (the drain); the rules of
 *   `readinessFindings` come on top.
 * - 502 from nginx, overlapping a SIGKILL or SIGTERM of an instance: a POST nginx had sent
 *   to the instance that died is not sent twice (docs/decisions/0163).
 * - A connection error, only for a request sent straight to the instance being stopped.
 * - 401/403 to a session signed in before Redis stopped, answered after it restarted: the
 *   sessions lived in the Redis that restarted empty (signed out, and the CSRF token was bound
 *   to the session); the client signs in again.
 * Never a 500, another 5xx, a 429 or another 4xx, a timeout, nor an error from nginx.
 */
function verdict(
  answer: Answer,
  windows: Window[],
  sessions: Map<number, number>,
  redisAt: { stop: number; restart: number }
) {
  const port =
    answer.target === 'nginx' ? Number(answer.upstream.split(':')[1]) || undefined : answer.target
  const within = (...faults: Window['fault'][]) =>
    windows.some((w) => faults.includes(w.fault) && overlaps(answer, w, port))
  const { status } = answer
  if (status === 'timeout') return 'no answer'
  if (status === 'error') {
    if (answer.target === 'nginx') return 'nginx did not answer'
    return within('sigkill', 'sigterm') ? null : 'connection error outside a stop of its instance'
  }
  if (status === 500) return 'a 500'
  if (status === 502) {
    return answer.target === 'nginx' && within('sigkill', 'sigterm') ? null : '502 outside a kill'
  }
  if (status === 503) {
    if (answer.kind === 'ready')
      return within('redis', 'database', 'sigterm', 'sigkill')
        ? null
        : 'readiness 503 with nothing wrong'
    if (!answer.retryAfter) return '503 without Retry-After'
    return within('redis', 'database') ? null : '503 outside the Redis outage or a connection kill'
  }
  if (status >= 500) return `a ${status}`
  // An anonymous browser's GET /api/user (how it gets its CSRF cookie before signing in).
  if (status === 401 && answer.kind === 'user' && !answer.signedIn) return null
  if (status === 401 || status === 403) {
    if (answer.kind !== 'book' && answer.kind !== 'user') return `a ${status}`
    const created = sessions.get(answer.session) ?? Infinity
    return created < redisAt.stop && answer.at >= redisAt.restart
      ? null
      : `a ${status} for a live session`
  }
  if (status === 409 && answer.kind === 'book') return null
  if (status >= 400) return `a ${status}`
  return null
}

/**
 * Whether readiness told the truth. Returns what it got wrong:
 * - While Redis was away (from 2 s after it stopped, the time readiness may take to notice,
 *   until it was started again), every probe of either instance answered 503.
 * - The SIGTERMed instance answered 503 before its port closed: among the probes sent after
 *   the signal and before the supervisor started it again, a 503 comes before the first
 *   refused connection, and no 200 follows that 503.
 * - A probe round whose readiness said 200 was not followed, in the same round, by a 5xx or a
 *   refused connection from that instance on its signed-in GET /api/user, unless the round
 *   overlapped a fault's window (the fault struck between the two requests).
 */
function readinessFindings(
  rounds: Round[],
  windows: Window[],
  at: {
    redisGoneAt: number
    redisRestartAt: number
    stopped: { port: number; at: number; restartedAt: number }
  }
): string[] {
  const findings: string[] = []
  for (const port of PORTS) {
    const away = rounds.filter(
      (r) =>
        r.port === port &&
        r.sentAt >= at.redisGoneAt + READY_SEES_REDIS_MS &&
        r.readyAt <= at.redisRestartAt
    )
    if (away.length < 3) findings.push(`${port}: ${away.length} probes while Redis was away`)
    for (const r of away.filter((r) => r.ready !== 503)) {
      findings.push(
        `${port}: readiness ${r.ready} ${r.sentAt - at.redisGoneAt} ms into the Redis outage`
      )
    }
  }
  const { port, restartedAt } = at.stopped
  const stopping = rounds.filter(
    (r) => r.port === port && r.sentAt >= at.stopped.at && r.sentAt < restartedAt
  )
  const first503 = stopping.findIndex((r) => r.ready === 503)
  const firstRefused = stopping.findIndex((r) => r.ready === 'error')
  const seen = JSON.stringify(stopping.map((r) => r.ready))
  if (first503 < 0) findings.push(`${port} never answered 503 after SIGTERM: ${seen}`)
  else if (firstRefused >= 0 && firstRefused < first503) {
    findings.push(`${port} closed its port before readiness said 503: ${seen}`)
  }
  if (first503 >= 0 && stopping.slice(first503).some((r) => r.ready === 200)) {
    findings.push(`${port} said ready again while stopping: ${seen}`)
  }
  for (const r of rounds) {
    if (r.ready !== 200 || r.follow === undefined) continue
    const failed = r.follow === 'error' || r.follow === 'timeout' || r.follow >= 500
    if (failed && !windows.some((w) => overlaps(r, w, r.port))) {
      findings.push(`${r.port}: ready, then GET /api/user ${r.follow} in the same round`)
    }
  }
  return findings
}

test.group('Chaos: a two-instance cluster broken under load', (group) => {
  // Everything started is stopped by the setup's cleanup, after the test and when the setup
  // itself fails part-way (startChaos stops what it had started, then throws).
  group.setup(async () => {
    if (onPostgres) chaos = await startChaos()
    return async () => {
      // A test that timed out leaves its load running: end it before its processes.
      load.stopping = true
      load.hardDeadline = 0
      if (chaos) await stopChaos(chaos)
      chaos = undefined
    }
  })
  group.each.timeout(180_000)

  test('Redis stopped, connections killed, instances killed and stopped: no 500, no lost or doubled booking, sign-in back within 10 s, readiness truthful', async ({
    assert,
  }) => {
    const c = chaos!
    const supervisor = c.supervisor!
    const answers: Answer[] = []
    const sessions = new Map<number, number>()
    const windows: Window[] = []
    const intents: Intent[] = []
    const rounds: Round[] = []
    load.stopping = false
    load.hardDeadline = Infinity
    const t0 = Date.now()
    const rel = (at: number) => `${((at - t0) / 1000).toFixed(1)} s`

    const pickupDate = businessDayFromToday(10)
    const { rows: dates } = await c.db!.query(
      `SELECT to_char(max(available_date), 'YYYY-MM-DD') AS latest FROM listings WHERE id = ANY($1)`,
      [c.lanes.map((l) => l.listingId)]
    )
    const when = dates[0].latest && dates[0].latest > pickupDate ? dates[0].latest : pickupDate

    const newClient = (target: 'nginx' | number) => {
      const client = new Client(target, answers)
      sessions.set(client.id, client.createdAt)
      return client
    }
    /** Signs in (a fresh cookie jar) until it works; null when the load is over. */
    const signedIn = async (email: string, target: 'nginx' | number) => {
      while (Date.now() < load.hardDeadline) {
        const client = newClient(target)
        const res = await client
          .request('POST', '/api/login', { username: email, password: c.password })
          .catch(() => null)
        if (res?.status === 200) return client
        await sleep(res ? retryWait(res.headers) : 300)
      }
      return null
    }
    const retryWait = (headers: Headers) => {
      const seconds = Number(headers.get('retry-after'))
      return Number.isFinite(seconds) && seconds > 0
        ? Math.min(seconds * 1000, RETRY_AFTER_CAP_MS)
        : 300
    }

    /** One shipper: a booking at a time, each with a key of its own, retried until it settles. */
    const shipper = async (index: number) => {
      let session = await signedIn(c.shippers[index], 'nginx')
      for (let n = 0; !load.stopping && session; n++) {
        const lane = c.lanes[(index + n) % c.lanes.length]
        const intent: Intent = {
          key: `chaos-${c.runId}-${index}-${n}`,
          listingId: lane.listingId,
          attempts: [],
          final: 'pending',
        }
        intents.push(intent)
        let inFlightSince = 0
        while (intent.final === 'pending') {
          if (Date.now() > load.hardDeadline) {
            intent.final = 'unresolved'
            break
          }
          const sentAt = Date.now()
          const res = await session!
            .request(
              'POST',
              '/api/bookings',
              { ...lane, numberOfPallets: 1, pickupDate: when, deliveryDate: when },
              { headers: { 'idempotency-key': intent.key } }
            )
            .catch(() => null)
          const status = session!.last
          intent.attempts.push({ status, sentAt, at: Date.now(), message: res?.body?.message })
          if (!res || status === 502) {
            await sleep(300)
          } else if (status === 201) {
            intent.final = 'booked'
            intent.bookingId = res.body.id
          } else if (status === 409 && res.body?.message === STILL_RUNNING) {
            inFlightSince ||= Date.now()
            if (Date.now() - inFlightSince > IN_FLIGHT_PATIENCE_MS) intent.final = 'orphaned'
            else await sleep(1000)
          } else if (status === 409) {
            intent.final = 'refused'
          } else if (status === 503) {
            await sleep(retryWait(res.headers))
          } else if (status === 401 || status === 403) {
            session = await signedIn(c.shippers[index], 'nginx')
            if (!session) intent.final = 'unresolved'
          } else {
            intent.final = 'unexpected'
          }
        }
      }
    }

    /** Sign-ins through nginx, a fresh browser each, several a second. */
    const signIns: { sentAt: number; at: number; status: Status }[] = []
    const signer = async () => {
      while (!load.stopping) {
        const sentAt = Date.now()
        const res = await newClient('nginx')
          .request('POST', '/api/login', { username: c.signInUser, password: c.password })
          .catch(() => null)
        signIns.push({ sentAt, at: Date.now(), status: res ? res.status : 'error' })
        await sleep(Math.max(0, SIGN_IN_EVERY_MS - (Date.now() - sentAt)))
      }
    }

    /**
     * A probe round on one instance, every 150 ms: GET /api/ready, and when it says 200, at
     * once a signed-in GET /api/user on the same instance (a request that needs what readiness
     * checks: the database and Redis).
     */
    const prober = async (port: number) => {
      const anonymous = newClient(port)
      let session: Client | null = null
      while (!load.stopping) {
        const sentAt = Date.now()
        const ready = await anonymous.request('GET', '/api/ready').catch(() => null)
        const round: Round = {
          port,
          sentAt,
          ready: anonymous.last,
          readyAt: Date.now(),
          at: 0,
        }
        if (ready?.status === 200) {
          session ??= await signedInOnce(port)
          if (session) {
            const me = await session.request('GET', '/api/user').catch(() => null)
            round.follow = session.last
            if (me?.status === 401) session = null
          }
        }
        round.at = Date.now()
        rounds.push(round)
        await sleep(Math.max(0, PROBE_EVERY_MS - (Date.now() - sentAt)))
      }
    }
    const signedInOnce = async (port: number) => {
      const client = newClient(port)
      const res = await client
        .request('POST', '/api/login', { username: c.probeUser, password: c.password })
        .catch(() => null)
      return res?.status === 200 ? client : null
    }

    /** Kills or stops an instance; the supervisor starts it again. */
    const breakInstance = async (port: number, signal: 'SIGKILL' | 'SIGTERM') => {
      const name = instanceName(port)
      const child = supervisor.child(name)
      assert.exists(child, `${name} is running`)
      const startsBefore = c.starts.filter((s) => s.name === name).length
      const at = Date.now()
      await stopProcess(child!, signal)
      const exitedAt = Date.now()
      while (c.starts.filter((s) => s.name === name).length === startsBefore) await sleep(50)
      assert.isTrue(await waitReady(port, 45_000), `${name} ready again`)
      const readyAt = Date.now()
      windows.push({
        fault: signal === 'SIGKILL' ? 'sigkill' : 'sigterm',
        from: at,
        to: readyAt + NGINX_BACK_MS,
        port,
      })
      return { at, exitedAt, readyAt, restartedAt: c.starts.at(-1)!.at }
    }

    const loops = [
      ...Array.from({ length: SHIPPERS }, (_, i) => shipper(i)),
      signer(),
      ...PORTS.map((port) => prober(port)),
    ]
    const timeline: string[] = []
    const note = (line: string) => timeline.push(`${rel(Date.now())} ${line}`)
    const redisAt = { stop: Infinity, restart: Infinity, back: Infinity }
    let redisGoneAt = Infinity
    let signInBackAt = Infinity
    let killed: { at: number; exitedAt: number; readyAt: number; restartedAt: number } | undefined
    let stopped: typeof killed
    try {
      // Under load first: at least 2 s, and until every shipper has booked (at most 15 s).
      const warm = Date.now()
      const bookedSoFar = () => intents.filter((i) => i.final === 'booked').length
      while (Date.now() - warm < 2000 || (bookedSoFar() < SHIPPERS && Date.now() - warm < 15_000)) {
        await sleep(100)
      }
      note(`warmed up: ${bookedSoFar()} booked`)

      // (a) Redis away for 12 s, then back on the same port (empty: it keeps nothing).
      redisAt.stop = Date.now()
      await c.redis.stop()
      redisGoneAt = Date.now()
      note('Redis stopped')
      await sleep(REDIS_OUTAGE_MS)
      redisAt.restart = Date.now()
      await c.redis.start()
      redisAt.back = Date.now()
      windows.push({ fault: 'redis', from: redisAt.stop, to: redisAt.back + SIGN_IN_BACK_MS })
      note('Redis started again')
      while (Date.now() - redisAt.back < SIGN_IN_BACK_MS + 5000) {
        const back = signIns.find((s) => s.sentAt >= redisAt.back && s.status === 200)
        if (back) {
          signInBackAt = back.at
          break
        }
        await sleep(100)
      }
      note(`sign-in back after ${signInBackAt - redisAt.back} ms`)
      await sleep(1000)

      // (b) The instances' database connections killed, six times, 0.5 s apart: each kill finds
      // a few statements running, BEGINs and COMMITs among them.
      for (let k = 0; k < DB_KILLS; k++) {
        const from = Date.now()
        const { rowCount } = await c.db!.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          [DATABASE]
        )
        windows.push({ fault: 'database', from, to: Date.now() + DB_SETTLE_MS })
        note(`killed ${rowCount} database connections`)
        await sleep(DB_KILL_GAP_MS)
      }
      await sleep(1000)

      // (c) One instance SIGKILLed; (d) the other SIGTERMed. The supervisor starts each again.
      killed = await breakInstance(PORTS[0], 'SIGKILL')
      note(`SIGKILL ${PORTS[0]}: ready again ${killed.readyAt - killed.at} ms later`)
      await sleep(1000)
      stopped = await breakInstance(PORTS[1], 'SIGTERM')
      note(
        `SIGTERM ${PORTS[1]}: exited after ${stopped.exitedAt - stopped.at} ms, ready again ${stopped.readyAt - stopped.at} ms later`
      )
      await sleep(1000)
    } finally {
      load.stopping = true
      load.hardDeadline = Date.now() + SETTLE_MS
      await Promise.all(loops)
      note('load over')
    }
    const summary = () => {
      const tally = (list: { status: Status; kind: string }[]) =>
        JSON.stringify(
          list.reduce<Record<string, number>>((t, a) => {
            const k = `${a.kind} ${a.status}`
            t[k] = (t[k] ?? 0) + 1
            return t
          }, {})
        )
      const finals = intents.reduce<Record<string, number>>((t, i) => {
        t[i.final] = (t[i.final] ?? 0) + 1
        return t
      }, {})
      // The answers whose request overlapped each fault's window, then all of them.
      const during = (['redis', 'database', 'sigkill', 'sigterm'] as const).map((fault) => {
        const faultWindows = windows.filter((w) => w.fault === fault)
        const overlapping = answers.filter((a) => faultWindows.some((w) => overlaps(a, w)))
        return `during ${fault}: ${tally(overlapping)}`
      })
      return [
        ...timeline,
        ...during,
        `answers ${answers.length}: ${tally(answers)}`,
        `bookings: ${JSON.stringify(finals)}`,
      ].join('\n')
    }
    if (verbose) console.log(summary())
    /** What the instances logged above warnings (the 409s are warnings), and their stderr. */
    const output = () =>
      [...c.output]
        .map(([name, text]) => {
          const lines = text.split('\n').filter((l) => !/"level":[1-4]0,/.test(l))
          return `--- ${name} ---\n${lines.slice(-30).join('\n')}`
        })
        .join('\n')

    // 1. Every answer is one the rules in `verdict` accept.
    const wrong = new Map<string, string[]>()
    for (const a of answers) {
      const why = verdict(a, windows, sessions, redisAt)
      if (why === null) continue
      const line = `${a.kind} ${a.status} via ${a.target} (${a.upstream}) sent ${rel(a.sentAt)} answered ${rel(a.at)} ${a.message ?? ''}`
      wrong.set(why, [...(wrong.get(why) ?? []), line])
    }
    assert.deepEqual(
      [...wrong].map(([why, lines]) => `${why} ×${lines.length}: ${lines.slice(0, 4).join(' | ')}`),
      [],
      `${summary()}\n${output()}`
    )
    assert.notInclude(
      answers.map((a) => a.status),
      500,
      'no 500'
    )

    // 2. Every intended booking exists exactly once, as its shipper was told; no listing is
    // oversold.
    const { rows } = await c.db!.query(
      `SELECT b.id, b.idempotency_key, b.listing_id, b.number_of_pallets,
              (SELECT count(*) FROM booking_status_changes s
                WHERE s.booking_id = b.id AND s.from_status IS NULL)::int AS created_rows
         FROM bookings b WHERE b.idempotency_key LIKE $1`,
      [`chaos-${c.runId}-%`]
    )
    const byKey = new Map<string, any[]>()
    for (const row of rows)
      byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row])
    const killWindow = windows.find((w) => w.fault === 'sigkill')!
    for (const intent of intents) {
      const stored = byKey.get(intent.key) ?? []
      const story = `${intent.key} on listing ${intent.listingId}: ${intent.final} after ${JSON.stringify(intent.attempts)}`
      assert.oneOf(intent.final, ['booked', 'refused', 'orphaned'], story)
      if (intent.final === 'booked') {
        assert.lengthOf(stored, 1, story)
        assert.equal(stored[0].id, intent.bookingId, story)
        assert.equal(stored[0].listing_id, intent.listingId, story)
      } else if (intent.final === 'refused') {
        assert.lengthOf(stored, 0, story)
      } else {
        // Its request died with the SIGKILLed instance (nginx's 502), so the claim waits for
        // the 60 s takeover (decision 0052): the booking exists once or not at all.
        assert.isAtMost(stored.length, 1, story)
        assert.isTrue(
          intent.attempts.some((a) => a.status === 502 && overlaps(a, killWindow)),
          `orphaned without a 502 in the SIGKILL: ${story}`
        )
      }
    }
    const keys = new Set(intents.map((i) => i.key))
    for (const row of rows) {
      assert.isTrue(keys.has(row.idempotency_key), `booking ${row.id} nobody asked for`)
      assert.equal(row.created_rows, 1, `booking ${row.id} has its first status line`)
      assert.equal(row.number_of_pallets, 1)
    }
    const booked = intents.filter((i) => i.final === 'booked')
    assert.isAbove(booked.length, SHIPPERS, `bookings under load\n${summary()}`)
    assert.isTrue(
      booked.some((i) => i.attempts[0].sentAt > stopped!.readyAt),
      'bookings go on after the last fault'
    )
    const listings = await c.db!.query(
      `SELECT l.id, l.max_pallets, l.status,
              coalesce(sum(b.number_of_pallets) FILTER (WHERE b.status <> 'cancelled'), 0)::int AS booked
         FROM listings l LEFT JOIN bookings b ON b.listing_id = l.id
        WHERE l.id = ANY($1) GROUP BY l.id`,
      [c.lanes.map((l) => l.listingId)]
    )
    for (const listing of listings.rows) {
      assert.isAtMost(listing.booked, listing.max_pallets, `listing ${listing.id} oversold`)
      if (listing.booked >= listing.max_pallets) assert.equal(listing.status, 'booked')
    }

    // 3. The faults bit, and sign-in came back within 10 s of Redis.
    assert.isTrue(
      answers.some((a) => a.status === 503 && a.kind === 'login' && a.sentAt > redisGoneAt),
      'sign-in answered 503 while Redis was away'
    )
    assert.isAtMost(signInBackAt - redisAt.back, SIGN_IN_BACK_MS, `sign-in back\n${summary()}`)

    // 4. Readiness told the truth (findings listed by `readinessFindings`).
    const findings = readinessFindings(rounds, windows, {
      redisGoneAt,
      redisRestartAt: redisAt.restart,
      stopped: { port: PORTS[1], ...stopped! },
    })
    assert.deepEqual(findings, [], summary())

    // 5. Both instances are ready at the end.
    for (const port of PORTS)
      assert.isTrue(await waitReady(port, 10_000), `${port} ready at the end`)
  }).skip(!onPostgres, SKIP_REASON)
})
