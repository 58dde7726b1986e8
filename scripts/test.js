/*
 * `npm test`: every test. Frontend unit tests (Vitest), then a fresh frontend build, then the
 * backend suites (unit, functional, browser) through Japa on the database DB_CONNECTION
 * selects (sqlite by default; `DB_CONNECTION=pg` uses PostgreSQL from .env.test / PG_* vars).
 * Extra arguments go to Japa, e.g. `npm test -- --suites=functional --files=register`.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'

process.chdir(new URL('..', import.meta.url).pathname)
const databaseOnly = process.env.TEST_DATABASE_ONLY === '1'
/**
 * CI's second database leg sets TEST_DATABASE_ONLY=1: the frontend and CLI tests and the build
 * do not touch the database and already ran (and built frontend/dist) in the first leg. Of the
 * browser journeys it runs the freight board's, which issue 11 asks for on both databases; the
 * endpoints behind the others are covered on this database by the functional suite.
 */
const DATABASE_ONLY_FILES = [
  '--files=unit/*',
  '--files=functional/*',
  '--files=tests/*',
  '--files=browser/freight_board',
  '--files=browser/freight_invites',
]
/**
 * CI's two database legs run side by side on two cores, so the longer leg sets CI's time. With
 * TEST_BROWSER_SPLIT=1 the browser journeys named here run on PostgreSQL (in the
 * TEST_DATABASE_ONLY leg) and not on SQLite, whose leg runs every other journey. Each journey
 * still runs once per CI, on one database; `npm test` alone runs them all. A new journey runs
 * on SQLite until it is named here.
 */
const POSTGRES_JOURNEYS = [
  'accessibility',
  'api_docs',
  'contrast',
  'keyboard_journey',
  'navigation',
  'responsive',
]
const browserSplit = process.env.TEST_BROWSER_SPLIT === '1'

/** Every browser journey's name (its file under backend/tests/browser, without .spec.ts). */
function journeyNames() {
  return readdirSync('backend/tests/browser')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => name.slice(0, -'.spec.ts'.length))
    .sort()
}

function splitFiles() {
  if (databaseOnly)
    return [...DATABASE_ONLY_FILES, ...POSTGRES_JOURNEYS.map((n) => `--files=browser/${n}`)]
  const sqliteJourneys = journeyNames().filter((name) => !POSTGRES_JOURNEYS.includes(name))
  return [
    ...DATABASE_ONLY_FILES.filter((arg) => !arg.startsWith('--files=browser/')),
    ...sqliteJourneys.map((n) => `--files=browser/${n}`),
  ]
}
/**
 * CI runs the frontend and CLI tests on their own before its two database legs run side by side
 * (where they would compete with a whole backend suite for two cores): its SQLite leg sets
 * TEST_BACKEND_ONLY=1 and runs every backend suite.
 */
const backendOnly = process.env.TEST_BACKEND_ONLY === '1'
const givenArgs = process.argv.slice(2)
const japaArgs =
  givenArgs.length > 0
    ? givenArgs
    : browserSplit
      ? splitFiles()
      : databaseOnly
        ? DATABASE_ONLY_FILES
        : []
const onlyBackend = givenArgs.length > 0 || databaseOnly || backendOnly

function run(label, command, args, env = {}) {
  console.log(`\n▸ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`)
    process.exit(result.status ?? 1)
  }
}

if (!onlyBackend) {
  run('Frontend unit tests (Vitest)', 'npx', [
    'vitest',
    'run',
    '--config',
    'frontend/vite.config.ts',
  ])
  // CI builds the frontend once before its two database legs run side by side, so that the
  // PostgreSQL leg's browser journeys never meet a half-written frontend/dist.
  if (process.env.TEST_FRONTEND_BUILT !== '1')
    run('Frontend build for the browser tests', 'npx', [
      'vite',
      'build',
      '--config',
      'frontend/vite.config.ts',
      '--logLevel',
      'warn',
    ])
  run('CLI tests (Vitest)', 'npx', ['vitest', 'run', '--config', 'cli/vitest.config.ts'])
}
run(`Backend tests on ${process.env.DB_CONNECTION ?? 'sqlite'} (Japa)`, 'node', [
  '--import=@poppinss/ts-exec',
  'backend/bin/test.js',
  ...japaArgs,
])
