/*
 * `npm run serve`: the production start (docs/operations.md, "Production start"). Reads its
 * settings from .env and the environment, builds the frontend and compiles the server when
 * needed (and the build tools are installed), migrates, and serves with NODE_ENV=production.
 * It never seeds demo data, never prints logins and never sets DEMO_MODE: the boot rules refuse
 * the demo's sandbox payments, demo partner and demo census (docs/decisions/0204). The demo is
 * `npm start`.
 */
import { existsSync } from 'node:fs'
import { buildIfNeeded, isSet, migrate, requireNode24, serve } from './server_steps.js'

requireNode24('npm run serve')

process.chdir(new URL('..', import.meta.url).pathname)

if (!existsSync('.env') && !process.env.APP_KEY) {
  console.error(
    '✖ No .env and no APP_KEY in the environment: copy .env.example to .env, set APP_KEY\n' +
      '  (`node ace generate:key`) and the production drivers (docs/operations.md,\n' +
      '  "Production start"), or use `npm start` for the demo.'
  )
  process.exit(1)
}

const env = { ...process.env, NODE_ENV: 'production' }
// One process serves everything, so it runs the scheduled work unless told otherwise
// (docs/operations.md, "Scheduled work"); instances behind a balancer set it on one of them.
if (!isSet('SCHEDULER_ENABLED')) env.SCHEDULER_ENABLED = 'true'

await buildIfNeeded(env)
migrate(env)
const url = await serve(env)
console.log(`\nPalletLine (production) is running at ${url}. Stop with Ctrl+C.\n`)
