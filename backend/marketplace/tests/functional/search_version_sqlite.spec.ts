import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { searchCache } from '#marketplace/services/search_cache'
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
})
