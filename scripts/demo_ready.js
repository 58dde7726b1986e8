/*
 * Whether `npm start` can skip its database step on a restart (scripts/start.js,
 * docs/decisions/0272): the database has run every migration in database/migrations and, unless
 * DEMO_SEED=false, holds the demo admin the seed makes first. It reads the database directly
 * (better-sqlite3 or pg, the drivers the app uses) in a few milliseconds instead of booting the
 * app (a second or more). Anything it cannot tell, a missing file or table, an unreachable
 * server, answers "not ready", and the step runs as on a first start.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'

/** The settings as the app sees them: the environment first, then .env. */
function settings(env) {
  const fromFile = {}
  if (existsSync('.env')) {
    for (const line of readFileSync('.env', 'utf8').split('\n')) {
      const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line)
      if (match) fromFile[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2')
    }
  }
  return (name, fallback) => env[name] ?? fromFile[name] ?? fallback
}

function migrationNames() {
  return readdirSync('database/migrations')
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => `database/migrations/${file.replace(/\.(ts|js)$/, '')}`)
}

const ADMIN_EMAIL = JSON.parse(readFileSync('database/demo_accounts.json', 'utf8')).find(
  (account) => account.role === 'admin'
).email

async function sqliteRows(setting) {
  // As backend/config/database.ts resolves it: relative to the app's root (build/ links tmp).
  const file = setting('SQLITE_FILE', 'tmp/db.sqlite3')
  const path = isAbsolute(file) ? file : join(process.cwd(), file)
  if (!existsSync(path)) return null
  const { default: Database } = await import('better-sqlite3')
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    return {
      migrated: db.prepare('SELECT name FROM adonis_schema').all(),
      admin: db.prepare('SELECT 1 AS found FROM users WHERE email = ?').all(ADMIN_EMAIL),
    }
  } finally {
    db.close()
  }
}

async function pgRows(setting) {
  const { default: pg } = await import('pg')
  const client = new pg.Client({
    host: setting('PG_HOST', '127.0.0.1'),
    port: Number(setting('PG_PORT', '5432')),
    user: setting('PG_USER', 'postgres'),
    password: setting('PG_PASSWORD', ''),
    database: setting('PG_DB_NAME', 'palletline'),
    connectionTimeoutMillis: 2000,
  })
  await client.connect()
  try {
    const migrated = await client.query('SELECT name FROM adonis_schema')
    const admin = await client.query('SELECT 1 AS found FROM users WHERE email = $1', [ADMIN_EMAIL])
    return { migrated: migrated.rows, admin: admin.rows }
  } finally {
    await client.end()
  }
}

/** Whether the database is migrated (and seeded, unless DEMO_SEED=false) already. */
export async function demoDatabaseReady(env) {
  const setting = settings(env)
  try {
    const connection = setting('DB_CONNECTION', 'sqlite')
    const rows =
      connection === 'sqlite'
        ? await sqliteRows(setting)
        : connection === 'pg'
          ? await pgRows(setting)
          : null
    if (!rows) return false
    const migrated = new Set(rows.migrated.map((row) => row.name))
    if (!migrationNames().every((name) => migrated.has(name))) return false
    return env.DEMO_SEED === 'false' || rows.admin.length > 0
  } catch {
    return false
  }
}
