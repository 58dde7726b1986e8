/**
 * Online backups of the database (`node ace db:backup`, docs/operations.md "Backups";
 * docs/decisions/0143). SQLite: better-sqlite3's online backup API copies the live file page by
 * page from its own connection; writers carry on, and a page changed mid-copy is copied again,
 * so the copy is one consistent state. PostgreSQL: pg_dump in its custom format (one
 * consistent snapshot too), for pg_restore.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type BackupResult = { file: string; bytes: number; tables?: number }

/** The default name of a backup taken at `stamp` (an ISO date-time). */
export function backupFileName(connection: 'sqlite' | 'pg', stamp: string): string {
  const safe = stamp.replace(/[^0-9A-Za-z]+/g, '-')
  return `backups/palletline-${safe}.${connection === 'pg' ? 'dump' : 'sqlite3'}`
}

/**
 * Copies the SQLite database at `source` to `target` while it stays in use, then opens the
 * copy and checks its integrity. Written beside the target first, so a failed copy never
 * leaves a half file under the target's name.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupResult> {
  mkdirSync(dirname(target), { recursive: true })
  const partial = `${target}.partial`
  rmSync(partial, { force: true })
  const live = new Database(source, { fileMustExist: true })
  try {
    live.pragma('busy_timeout = 5000')
    // Every remaining page in one step: a step-by-step copy starts over whenever another
    // process writes between steps, so under steady writes it might never finish. One step
    // reads one snapshot (WAL: writers carry on meanwhile).
    await live.backup(partial, { progress: () => 0x7fffffff })
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    live.close()
  }
  const copy = new Database(partial, { readonly: true })
  let tables: number
  try {
    const check = copy.pragma('integrity_check', { simple: true })
    if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`)
    const row = copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get()
    tables = (row as { n: number }).n
  } finally {
    copy.close()
  }
  renameSync(partial, target)
  return { file: target, bytes: statSync(target).size, tables }
}

export type PgTarget = {
  host: string
  port: number
  user: string
  password: string
  database: string
}

/** Runs pg_dump (custom format) into `target`; rejects with pg_dump's own message. */
export async function backupPostgres(pg: PgTarget, target: string): Promise<BackupResult> {
  mkdirSync(dirname(target), { recursive: true })
  const partial = `${target}.partial`
  const args = ['-Fc', '-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-f', partial]
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pg_dump', [...args, pg.database], {
      env: { ...process.env, PGPASSWORD: pg.password },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (chunk) => (stderr += chunk))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'pg_dump is not installed here: install the PostgreSQL client (apt-get install postgresql-client) or run pg_dump -Fc on a machine that has it (docs/operations.md, "Backups")'
            )
          : error
      )
    )
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${stderr.trim()}`))
    )
  }).catch((error) => {
    rmSync(partial, { force: true })
    throw error
  })
  renameSync(partial, target)
  return { file: target, bytes: statSync(target).size }
}
