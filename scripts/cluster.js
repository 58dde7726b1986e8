/*
 * `npm run cluster`: N instances (2 by default) of the compiled server on PostgreSQL and Redis
 * behind nginx from Debian's packages, configured by deploy/nginx/palletline.conf. A local
 * rehearsal of the scaled-out deployment (docs/operations.md, "Deployments"): sessions,
 * throttling and live updates shared through Redis, the scheduler on every instance with one run
 * per tick. Ctrl+C (or SIGTERM) stops nginx and then each instance gracefully.
 *
 *   CLUSTER_PORT (8080)  where nginx listens; instances on CLUSTER_PORT+1…
 *   CLUSTER_INSTANCES (2), PG_DB_NAME (palletline_cluster), PG_HOST/PG_USER/PG_PASSWORD,
 *   REDIS_HOST/REDIS_PORT (127.0.0.1:6379), DEMO_SEED=false to skip the demo data.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)
const listen = Number(process.env.CLUSTER_PORT ?? 8080)
const count = Number(process.env.CLUSTER_INSTANCES ?? 2)
const prefix = join(root, 'tmp/cluster')
mkdirSync(prefix, { recursive: true })

function fail(message) {
  console.error(`✖ ${message}`)
  process.exit(1)
}

if (spawnSync('nginx', ['-v']).error) {
  fail('nginx is not installed: apt-get install -y nginx (Debian), then run npm run cluster again')
}
if (!existsSync('build/.built')) fail('no compiled server: run npm run build first')

// One key for every instance (sessions and signed cookies must verify on each), kept between runs.
const keyFile = join(prefix, 'app_key')
if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'))

const env = {
  ...process.env,
  NODE_ENV: 'production',
  APP_KEY: readFileSync(keyFile, 'utf8').trim(),
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
  TRUSTED_PROXIES: 'loopback',
  SCHEDULER_ENABLED: process.env.SCHEDULER_ENABLED ?? 'true',
}

function run(label, command, args) {
  console.log(`▸ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) fail(`${label} failed`)
}

// The database, once (createdb's "already exists" is fine).
spawnSync('createdb', ['-h', env.PG_HOST, '-U', env.PG_USER, env.PG_DB_NAME], { env })
run('Migrating (once, before any instance starts)', 'node', [
  'build/ace.js',
  'migration:run',
  '--force',
  '--compact-output',
])
if (env.DEMO_SEED !== 'false') {
  run('Seeding demo data (first start only)', 'node', [
    'build/ace.js',
    'db:seed',
    '--files',
    'database/seeders/demo_seeder.js',
  ])
}

const ports = Array.from({ length: count }, (_, i) => listen + 1 + i)
const instances = ports.map((port) =>
  spawn('node', ['build/backend/bin/server.js'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(port) },
  })
)

const config = readFileSync('deploy/nginx/palletline.conf', 'utf8')
  .replaceAll('@PREFIX@', prefix)
  .replaceAll('@LISTEN@', `127.0.0.1:${listen}`)
  .replace(
    '@UPSTREAMS@',
    ports.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;`).join('\n')
  )
const configFile = join(prefix, 'nginx.conf')
writeFileSync(configFile, config)
run('Checking the nginx configuration', 'nginx', [
  '-t',
  '-q',
  '-c',
  configFile,
  '-p',
  prefix,
  '-e',
  join(prefix, 'error.log'),
])
const nginx = spawn(
  'nginx',
  ['-c', configFile, '-p', prefix, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'],
  {
    stdio: 'inherit',
  }
)

let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  nginx.kill('SIGQUIT') // nginx's graceful stop
  await Promise.all(
    instances.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', resolve)
          child.kill('SIGTERM')
        })
    )
  )
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0))
for (const child of [nginx, ...instances]) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`✖ a process of the cluster exited (code ${code}); stopping the rest`)
      stop(1)
    }
  })
}

const url = `http://127.0.0.1:${listen}`
for (const port of ports) {
  for (let i = 0; i < 120; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.ok,
      () => false
    )
    if (ready) break
    await new Promise((r) => setTimeout(r, 500))
  }
}
console.log(`\nPalletLine: ${count} instances (ports ${ports.join(', ')}) behind nginx at ${url}`)
console.log('Readiness per instance: /api/ready on each port. Stop with Ctrl+C.\n')
