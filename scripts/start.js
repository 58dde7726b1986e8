/*
 * `npm start`: the one-command demo, the whole product on one port. Writes .env with a fresh
 * APP_KEY on the first run, builds the frontend and compiles the server when needed, migrates,
 * seeds the demo data once, starts the server with DEMO_MODE=true (the boot rules then allow the
 * demo's sandbox payments, demo partner and demo census in production, docs/decisions/0204) and
 * prints the URL and the demo logins. Production starts with `npm run serve` (scripts/serve.js).
 *
 * Fast (docs/decisions/0272): the frontend builds while the server compiles and the database
 * is migrated and seeded (one process, one transaction), and a restart on a migrated, seeded
 * database skips that step after a direct look at the database (scripts/demo_ready.js).
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { demoDatabaseReady } from './demo_ready.js'
import { isSet, requireNode24, runAlongside, serve, startBuilds } from './server_steps.js'

requireNode24('npm start')

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

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // The demo says it is one; .env (shared with `npm run serve`) does not.
  DEMO_MODE: 'true',
  PORT: process.env.PORT ?? '3333',
  HOST: process.env.HOST ?? '0.0.0.0',
}
// Payout release (every 5 minutes) and the unpaid-booking deadline (every minute) run in the
// server process; docs/operations.md, "Scheduled work".
env.SCHEDULER_ENABLED = process.env.SCHEDULER_ENABLED ?? 'true'
// One instance has no balancer to move traffic away from it: unless .env or the environment
// says otherwise, a stop skips the drain (docs/operations.md, "Shutdown").
if (!isSet('SHUTDOWN_DRAIN_MS')) env.SHUTDOWN_DRAIN_MS = '0'

const builds = startBuilds(env)
await builds.server
if (!(await demoDatabaseReady(env)))
  await runAlongside(
    env.DEMO_SEED === 'false'
      ? 'Preparing the database'
      : 'Preparing the database and the demo data (first start only)',
    'node',
    ['build/ace.js', 'demo:prepare'],
    env
  )
await builds.frontend

const url = await serve(env)
console.log(`\nPalletLine is running at ${url}\n`)
// The demo logins as the database has them now: one approved since the seed is not listed as
// pending (backend/commands/demo_logins.ts).
const logins = spawnSync('node', ['build/ace.js', 'demo:logins'], { env, encoding: 'utf8' })
process.stdout.write(
  logins.status === 0 ? logins.stdout : 'Demo logins: database/demo_accounts.json\n'
)
console.log('\nStop with Ctrl+C.\n')
