import env from '#start/env'
import { keepStatements } from '#core/sqlite_statements'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'
import { mkdirSync } from 'node:fs'
import { dirname, isAbsolute, join } from 'node:path'

const sqliteFile = (() => {
  const file = env.get('SQLITE_FILE') ?? (app.inTest ? 'tmp/test.sqlite3' : 'tmp/db.sqlite3')
  return isAbsolute(file) ? file : join(app.makePath(), file)
})()
mkdirSync(dirname(sqliteFile), { recursive: true })

const migrations = { naturalSort: true, paths: ['database/migrations'] }
const seeders = { paths: ['database/seeders'] }
// Lucid 22 writes model base classes (database/schema.ts) after each migration run unless told
// not to: the app's models declare their own columns (docs/decisions/0198).
const schemaGeneration = { enabled: false }

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION', 'sqlite'),
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: { filename: sqliteFile },
      useNullAsDefault: true,
      pool: {
        afterCreate: (conn: any, done: (err: Error | null, conn: any) => void) => {
          conn.pragma('journal_mode = WAL')
          conn.pragma('foreign_keys = ON')
          conn.pragma('busy_timeout = 5000')
          // Each distinct SQL text is parsed and planned once per connection (#core).
          keepStatements(conn)
          done(null, conn)
        },
      },
      migrations,
      seeders,
      schemaGeneration,
      // The search R*Tree's shadow tables go with it (decision 0086); dropping them on their
      // own fails.
      wipe: { ignoreTables: ['listing_areas_node', 'listing_areas_parent', 'listing_areas_rowid'] },
    },
    pg: {
      client: 'pg',
      connection: {
        host: env.get('PG_HOST', '127.0.0.1'),
        port: env.get('PG_PORT', 5432),
        user: env.get('PG_USER', 'postgres'),
        password: env.get('PG_PASSWORD', ''),
        database: env.get('PG_DB_NAME', 'palletline'),
      },
      pool: { min: 0, max: 10 },
      migrations,
      seeders,
      schemaGeneration,
    },
  },
})

export default dbConfig
