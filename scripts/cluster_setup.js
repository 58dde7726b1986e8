/*
 * What `npm run cluster` (scripts/cluster.js) and the cluster test
 * (backend/operations/tests/functional/cluster.spec.ts) share: the instances' environment, the
 * database preparation, the nginx configuration filled from deploy/nginx/palletline.conf, and
 * starting and waiting for the processes. Plain JavaScript, so the script runs without a
 * TypeScript loader; its types are in cluster_setup.d.ts.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const root = new URL('..', import.meta.url).pathname

/** Why the cluster cannot start here (nginx missing, no compiled server), or null. */
export function missingPrerequisite() {
  if (spawnSync('nginx', ['-v']).error) {
    return 'nginx is not installed: apt-get install -y nginx (Debian)'
  }
  if (!existsSync(join(root, 'build/.built'))) return 'no compiled server: run npm run build first'
  return null
}

/** The newest modification time of a file under `dir` (ms). */
function newestUnder(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const time = entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs
    if (time > newest) newest = time
  }
  return newest
}

/** Compiles the server into build/ unless build/ is newer than every source it is made from. */
export function buildServer({ log = console.log } = {}) {
  const marker = join(root, 'build/.built')
  if (existsSync(marker)) {
    const built = statSync(marker).mtimeMs
    const sources = ['backend', 'database', 'plugins', 'adonisrc.ts', 'package.json'].map(
      (name) => {
        const path = join(root, name)
        return statSync(path).isDirectory() ? newestUnder(path) : statSync(path).mtimeMs
      }
    )
    if (Math.max(...sources) < built) return
  }
  run(
    'Compiling the server (npm run build:server)',
    'node',
    ['scripts/build-server.js'],
    process.env,
    log
  )
}

/** The environment every instance shares: compiled, PostgreSQL, Redis for sessions, limits, live updates. */
export function clusterEnv({ listen, appKey, overrides = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // A rehearsal on the demo's data, payments and partner (docs/decisions/0204).
    DEMO_MODE: 'true',
    APP_KEY: appKey,
    APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${listen}`,
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DB_CONNECTION: 'pg',
    PG_HOST: process.env.PG_HOST ?? '127.0.0.1',
    PG_USER: process.env.PG_USER ?? 'postgres',
    PG_DB_NAME: process.env.PG_DB_NAME ?? 'palletline_cluster',
    SESSION_DRIVER: 'redis',
    LIMITER_STORE: 'redis',
    TRANSMIT_TRANSPORT: 'redis',
    REDIS_HOST: process.env.REDIS_HOST ?? '127.0.0.1',
    // Its own database index and key prefix (keys and pub/sub channels), so the rehearsal shares
    // a Redis with a deployment or a test run without hearing it (docs/decisions/0160).
    REDIS_DB: process.env.REDIS_DB ?? '1',
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX ?? 'palletline_cluster:',
    TRUSTED_PROXIES: 'loopback',
    SCHEDULER_ENABLED: process.env.SCHEDULER_ENABLED ?? 'true',
    // nginx (open source) never reads /api/ready, so the drain only has to empty its pool of
    // kept-alive connections to a stopping instance (answers say Connection: close meanwhile):
    // a second, not production's five (docs/operations.md, "Shutdown").
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS ?? '1000',
    ...overrides,
  }
}

function run(label, command, args, env, log) {
  log(`▸ ${label}`)
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    stdio: log === console.log ? 'inherit' : 'pipe',
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`${label} failed${result.stderr ? `: ${result.stderr}${result.stdout}` : ''}`)
  }
}

/**
 * The database, migrated once before any instance starts; `fresh` drops it first, `seed` runs
 * the demo seeder (it does nothing when the demo admin exists).
 */
export function prepareDatabase(env, { fresh = false, seed = true, log = console.log } = {}) {
  const target = ['-h', env.PG_HOST, '-U', env.PG_USER, env.PG_DB_NAME]
  if (fresh) spawnSync('dropdb', ['--if-exists', '--force', ...target], { env })
  // createdb's "already exists" is fine.
  spawnSync('createdb', target, { env, stdio: 'ignore' })
  run(
    'Migrating (once, before any instance starts)',
    'node',
    ['build/ace.js', 'migration:run', '--force', '--compact-output'],
    env,
    log
  )
  if (seed) {
    run(
      'Seeding demo data',
      'node',
      ['build/ace.js', 'db:seed', '--files', 'database/seeders/demo_seeder.js'],
      env,
      log
    )
  }
}

/** One compiled instance on `port`. */
export function startInstance(env, port, stdio = 'inherit') {
  return spawn('node', ['build/backend/bin/server.js'], {
    cwd: root,
    stdio,
    env: { ...env, PORT: String(port) },
  })
}

/**
 * What nginx's passive health check is told of each instance: one failed attempt (refused,
 * reset, timed out) takes it out for 2 s, after which one request tries it again (and goes on
 * to another instance if it fails). docs/operations.md, "Deployments"; docs/decisions/0163.
 */
export const UPSTREAM_HEALTH = 'max_fails=1 fail_timeout=2s'

/** deploy/nginx/palletline.conf with its placeholders filled, for nginx run as this user. */
export function nginxConfig({ prefix, listen, ports }) {
  return readFileSync(join(root, 'deploy/nginx/palletline.conf'), 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
    .replaceAll(
      '@UPSTREAMS@',
      ports.map((p) => `    server 127.0.0.1:${p} ${UPSTREAM_HEALTH};`).join('\n')
    )
}

/** nginx in the foreground with the filled configuration, checked first (`nginx -t`). */
export function startNginx({ prefix, listen, ports, stdio = 'inherit' }) {
  mkdirSync(prefix, { recursive: true })
  const configFile = join(prefix, 'nginx.conf')
  writeFileSync(configFile, nginxConfig({ prefix, listen, ports }))
  const base = ['-c', configFile, '-p', prefix, '-e', join(prefix, 'error.log')]
  const check = spawnSync('nginx', ['-t', '-q', ...base], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx configuration refused: ${check.stderr}`)
  return spawn('nginx', [...base, '-g', 'daemon off;'], { stdio })
}

/** Waits until GET /api/ready answers 200 on `port`; false after `timeoutMs`. */
export async function waitReady(port, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.ok,
      () => false
    )
    if (ready) return true
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}
