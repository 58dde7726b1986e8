/*
 * `npm start`: the whole product on one port. Writes .env with a fresh APP_KEY on the first
 * run, builds the frontend when needed, migrates, seeds the demo data once, starts the server
 * and prints the URL and the demo logins.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
process.chdir(root)
mkdirSync('tmp', { recursive: true })

if (!existsSync('.env')) {
  const key = randomBytes(32).toString('base64url')
  writeFileSync(
    '.env',
    [
      'NODE_ENV=production',
      `APP_KEY=${key}`,
      'LOG_LEVEL=info',
      'SESSION_DRIVER=database',
      'LIMITER_STORE=memory',
      'DB_CONNECTION=sqlite',
      '',
    ].join('\n')
  )
  console.log('Wrote .env with a new APP_KEY')
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' }
const port = process.env.PORT ?? '3333'
const host = process.env.HOST ?? '0.0.0.0'
env.PORT = port
env.HOST = host
// Payout release (every 5 minutes) and the unpaid-booking deadline (every minute) run in the
// server process; docs/operations.md, "Scheduled work".
env.SCHEDULER_ENABLED = process.env.SCHEDULER_ENABLED ?? 'true'
// One instance has no balancer to move traffic away from it: unless .env or the environment
// says otherwise, a stop skips the drain (docs/operations.md, "Shutdown").
if (
  !('SHUTDOWN_DRAIN_MS' in process.env) &&
  !/^SHUTDOWN_DRAIN_MS=/m.test(readFileSync('.env', 'utf8'))
)
  env.SHUTDOWN_DRAIN_MS = '0'

function run(label, command, args) {
  console.log(`▸ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
}

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

const builtIndex = 'frontend/dist/index.html'
// The build's own steps (the prerender, the compressed copies) count as sources too.
const frontendFiles = [
  'frontend/index.html',
  'frontend/vite.config.ts',
  'frontend/prerender.ts',
  'frontend/compress.ts',
]
const sourcesChanged =
  !existsSync(builtIndex) ||
  newestMtime('frontend/src') > statSync(builtIndex).mtimeMs ||
  frontendFiles.some((file) => statSync(file).mtimeMs > statSync(builtIndex).mtimeMs)
if (sourcesChanged)
  run('Building the frontend', 'npx', [
    'vite',
    'build',
    '--config',
    'frontend/vite.config.ts',
    '--logLevel',
    'warn',
  ])

// The server runs compiled JavaScript (build/), rebuilt when a backend source is newer.
const builtServer = 'build/.built'
const serverChanged =
  !existsSync(builtServer) ||
  ['backend', 'database', 'plugins', 'docs', 'cli/src'].some(
    (dir) => newestMtime(dir) > statSync(builtServer).mtimeMs
  ) ||
  statSync('adonisrc.ts').mtimeMs > statSync(builtServer).mtimeMs
if (serverChanged) run('Compiling the server', 'node', ['scripts/build-server.js'])

run('Migrating the database', 'node', [
  'build/ace.js',
  'migration:run',
  '--force',
  '--compact-output',
])
if (env.DEMO_SEED !== 'false')
  run('Seeding demo data (first start only)', 'node', [
    'build/ace.js',
    'db:seed',
    '--files',
    'database/seeders/demo_seeder.js',
  ])

const server = spawn('node', ['build/backend/bin/server.js'], { stdio: 'inherit', env })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))

const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`
for (let i = 0; i < 120; i++) {
  await new Promise((r) => setTimeout(r, 500))
  try {
    const res = await fetch(`${url}/api/health`)
    if (res.ok) break
  } catch {}
}

console.log(`\nPalletLine is running at ${url}\n`)
// The demo logins as the database has them now: one approved since the seed is not listed as
// pending (backend/commands/demo_logins.ts).
const logins = spawnSync('node', ['build/ace.js', 'demo:logins'], { env, encoding: 'utf8' })
process.stdout.write(
  logins.status === 0 ? logins.stdout : 'Demo logins: database/demo_accounts.json\n'
)
console.log('\nStop with Ctrl+C.\n')
