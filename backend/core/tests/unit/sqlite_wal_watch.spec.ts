import { test } from '@japa/runner'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { WalHeaderWatch } from '#core/sqlite_wal_watch'

/** A database file in WAL mode with one table, and a watch on it, in a directory of its own. */
function walDatabase(cleanup: (fn: () => void) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'wal-watch-'))
  const file = join(dir, 'watched.sqlite3')
  const writer = new Database(file)
  writer.pragma('journal_mode = WAL')
  writer.exec('CREATE TABLE listings (id INTEGER PRIMARY KEY, status TEXT NOT NULL)')
  const reader = new Database(file, { readonly: true })
  const count = reader.prepare('SELECT count(*) FROM listings').pluck()
  count.get()
  const watch = new WalHeaderWatch(file)
  cleanup(() => {
    watch.close()
    reader.close()
    writer.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { file, writer, count, watch }
}

test.group('SQLite commits seen from the -shm file', () => {
  test('only a commit changes what the watch sees; reads and an open transaction do not', ({
    assert,
    cleanup,
  }) => {
    const { writer, count, watch } = walDatabase(cleanup)
    assert.isTrue(watch.changed(), 'the first look cannot compare')
    assert.isFalse(watch.changed())

    writer.prepare("INSERT INTO listings (status) VALUES ('active')").run()
    assert.isTrue(watch.changed(), 'a commit')
    assert.isFalse(watch.changed())

    // Readers move their read marks in the same file, after the header: not a change.
    assert.equal(count.get(), 1)
    assert.equal(writer.prepare('SELECT count(*) FROM listings').pluck().get(), 1)
    assert.isFalse(watch.changed())

    writer.exec('BEGIN IMMEDIATE')
    writer.prepare("INSERT INTO listings (status) VALUES ('active')").run()
    assert.isFalse(watch.changed(), 'not before the commit')
    assert.equal(count.get(), 1)
    writer.exec('COMMIT')
    assert.isTrue(watch.changed())
    assert.equal(count.get(), 2)

    // A transaction rolled back commits nothing.
    writer.exec('BEGIN IMMEDIATE')
    writer.prepare("UPDATE listings SET status = 'booked'").run()
    writer.exec('ROLLBACK')
    assert.isFalse(watch.changed())
  })

  test('a commit by another process is seen, and so is a checkpoint that restarts the log', ({
    assert,
    cleanup,
  }) => {
    const { file, writer, watch } = walDatabase(cleanup)
    watch.changed()
    assert.isFalse(watch.changed())
    execFileSync(process.execPath, [
      '-e',
      `const Database = require('better-sqlite3')
       const db = new Database(process.argv[1])
       db.prepare("INSERT INTO listings (status) VALUES ('active')").run()
       db.close()`,
      file,
    ])
    assert.isTrue(watch.changed(), "another process's commit")
    assert.isFalse(watch.changed())
    writer.pragma('wal_checkpoint(TRUNCATE)')
    writer.prepare("INSERT INTO listings (status) VALUES ('active')").run()
    assert.isTrue(watch.changed())
  })

  test('without a -shm file it cannot tell, so every look is a change', ({ assert, cleanup }) => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-watch-'))
    cleanup(() => rmSync(dir, { recursive: true, force: true }))
    const watch = new WalHeaderWatch(join(dir, 'missing.sqlite3'))
    assert.isTrue(watch.changed())
    assert.isTrue(watch.changed())
    watch.close()
  })
})
