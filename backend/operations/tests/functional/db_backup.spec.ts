import { test } from '@japa/runner'
import { execFile, spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'
import Database from 'better-sqlite3'
import { runAce } from '#operations/tests/ace'

const onPg = process.env.DB_CONNECTION === 'pg'

const backup = (args: string[], env: Record<string, string> = {}) =>
  runAce(['db:backup', ...args], env)

/**
 * Another process writing as fast as it can: each transaction adds 50 rows and raises the
 * running total by 50, so a consistent copy has exactly `total` rows.
 */
const WRITER = `
const Database = require('better-sqlite3')
const db = new Database(process.argv[1])
db.pragma('journal_mode = WAL')
db.pragma('busy_timeout = 5000')
const add = db.prepare('insert into rows (n) values (?)')
const raise = db.prepare('update totals set total = total + 50')
const batch = db.transaction(() => { for (let i = 0; i < 50; i++) add.run(i); raise.run() })
const loop = () => { batch(); setImmediate(loop) }
loop()
`

test.group('node ace db:backup', (group) => {
  group.each.timeout(90_000)

  test('SQLite: an online copy taken during writes is whole and consistent', async ({
    assert,
    cleanup,
  }) => {
    const source = app.makePath('tmp/ops_backup_source.sqlite3')
    const target = app.makePath('tmp/ops_backup_copy.sqlite3')
    for (const file of [source, `${source}-wal`, `${source}-shm`, target]) {
      rmSync(file, { force: true })
    }
    const setup = new Database(source)
    setup.pragma('journal_mode = WAL')
    setup.exec(
      'create table rows (id integer primary key, n integer); create table totals (total integer)'
    )
    setup.exec('insert into totals values (0)')
    setup.close()

    const writer = spawn(process.execPath, ['-e', WRITER, source], {
      cwd: app.makePath(),
      stdio: 'ignore',
    })
    cleanup(() => {
      writer.kill('SIGKILL')
    })
    const totalOf = (file: string) => {
      const db = new Database(file, { readonly: true })
      try {
        return (db.prepare('select total from totals').get() as { total: number }).total
      } finally {
        db.close()
      }
    }
    while (totalOf(source) < 500) await new Promise((resolve) => setTimeout(resolve, 50))

    const result = await backup(['--to', 'tmp/ops_backup_copy.sqlite3'], {
      DB_CONNECTION: 'sqlite',
      SQLITE_FILE: 'tmp/ops_backup_source.sqlite3',
    })
    const afterBackup = totalOf(source)
    writer.kill('SIGKILL')
    assert.equal(result.code, 0, result.output)
    assert.match(result.output, /Backed up to .*ops_backup_copy\.sqlite3 \(\d+ bytes, 2 tables\)/)

    const copy = new Database(target, { readonly: true })
    try {
      assert.equal(copy.pragma('integrity_check', { simple: true }), 'ok')
      const total = (copy.prepare('select total from totals').get() as { total: number }).total
      const rows = (copy.prepare('select count(*) as n from rows').get() as { n: number }).n
      assert.isAtLeast(total, 500)
      assert.equal(rows, total, 'the copy is one transaction-consistent state')
      assert.isAbove(afterBackup, total, 'the writer kept writing while the copy was taken')
    } finally {
      copy.close()
    }
    assert.isFalse(existsSync(`${target}.partial`))
  }).skip(onPg, 'SQLite only')

  test('SQLite: a missing database file is an error, not an empty copy', async ({ assert }) => {
    const result = await backup(['--to', 'tmp/ops_backup_none.sqlite3'], {
      DB_CONNECTION: 'sqlite',
      SQLITE_FILE: 'tmp/ops_backup_missing/none.sqlite3',
    })
    assert.equal(result.code, 1)
    assert.isFalse(existsSync(app.makePath('tmp/ops_backup_none.sqlite3')))
  }).skip(onPg, 'SQLite only')

  test('PostgreSQL: pg_dump writes a custom-format dump pg_restore reads', async ({ assert }) => {
    const target = app.makePath('tmp/ops_backup.dump')
    rmSync(target, { force: true })
    const result = await backup(['--to', 'tmp/ops_backup.dump'])
    assert.equal(result.code, 0, result.output)
    const { stdout } = await promisify(execFile)('pg_restore', ['-l', target])
    assert.match(stdout, /TABLE public job_runs/)
    assert.match(stdout, /TABLE DATA public bookings/)
  }).skip(!onPg, 'PostgreSQL only')
})
