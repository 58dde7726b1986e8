import { test } from '@japa/runner'
import { execFileSync } from 'node:child_process'
import db from '@adonisjs/lucid/services/db'
import { SQLITE_RECHECK_MS, searchCache } from '#marketplace/services/search_cache'
import { makeUser, resetDatabase } from '#tests/helpers'

/*
 * On SQLite the search version is read on a read-only handle of the process's own (a prepared
 * statement outside the pool): it must see every committed write search watches, and nothing
 * a transaction has not committed. These tests write outside any test transaction.
 */
const onSqlite = (process.env.DB_CONNECTION ?? 'sqlite') === 'sqlite'
const SKIP_REASON = 'SQLite only: PostgreSQL follows its version over LISTEN (decision 0150)'

test.group('Search version on SQLite (its own read-only handle)', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
  })

  test('a committed write search watches moves the version; an uncommitted one does not', async ({
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: false })
    const before = await searchCache.version()
    assert.equal(await searchCache.version(), before)

    const trx = await db.transaction()
    await trx.from('users').where('id', carrier.id).update({ is_approved: true })
    assert.equal(await searchCache.version(), before, 'not before the commit')
    await trx.commit()
    const approved = await searchCache.version()
    assert.notEqual(approved, before)

    // users.phone is not watched.
    await db.from('users').where('id', carrier.id).update({ phone: '5550100' })
    assert.equal(await searchCache.version(), approved)
  }).skip(!onSqlite, SKIP_REASON)

  test('a commit by another process moves the version within SQLITE_RECHECK_MS', async ({
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: false })
    const before = await searchCache.version()
    const config = db.manager.get(db.primaryConnectionName)!.config.connection as {
      filename: string
    }
    execFileSync(process.execPath, [
      '-e',
      `const Database = require('better-sqlite3')
       const db = new Database(process.argv[1])
       db.pragma('busy_timeout = 5000')
       db.prepare('UPDATE users SET is_approved = 1 WHERE id = ?').run(Number(process.argv[2]))
       db.close()`,
      config.filename,
      String(carrier.id),
    ])
    await new Promise((resolve) => setTimeout(resolve, SQLITE_RECHECK_MS + 1))
    assert.notEqual(await searchCache.version(), before)
  }).skip(!onSqlite, SKIP_REASON)
})
