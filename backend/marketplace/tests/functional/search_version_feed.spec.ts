import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import dbConfig from '#config/database'
import { SearchVersionFeed } from '#marketplace/services/search_version_feed'
import { searchCache } from '#marketplace/services/search_cache'
import { makeUser, resetDatabase } from '#tests/helpers'

/*
 * The search version announced over LISTEN (decision 0150): notifications arrive only at
 * commit, so these tests write outside any test transaction. PostgreSQL only: SQLite reads its
 * version row in process.
 */
const onPostgres = process.env.DB_CONNECTION === 'pg'
const SKIP_REASON = 'LISTEN/NOTIFY is PostgreSQL; SQLite reads its version row in process'

async function until(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the feed')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function feed(retryMs = 100) {
  const versions: (string | null)[] = []
  const settings = dbConfig.connections.pg.connection as import('pg').ClientConfig
  const instance = new SearchVersionFeed(settings, (v) => versions.push(v), retryMs)
  return { instance, versions, latest: () => versions[versions.length - 1] }
}

test.group('Search version feed (PostgreSQL LISTEN)', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    return () => searchCache.announce(null)
  })

  test('a committed write search reads moves the version; one it does not watch does not', async ({
    assert,
  }) => {
    const { instance, versions, latest } = feed()
    await instance.start()
    try {
      assert.match(latest()!, /^n:[\w-]+:0$/)
      const carrier = await makeUser('carrier', { isApproved: false })
      // Whatever making the user announced has arrived before counting.
      await new Promise((resolve) => setTimeout(resolve, 300))
      const settled = versions.length
      // users.phone is not watched: no announcement.
      await db.from('users').where('id', carrier.id).update({ phone: '5550100' })
      await db.from('users').where('id', carrier.id).update({ is_approved: true })
      await until(() => versions.length > settled)
      assert.lengthOf(versions, settled + 1)
      assert.notEqual(latest(), versions[settled - 1])

      // Inside a transaction nothing is announced until it commits.
      const trx = await db.transaction()
      await trx.from('users').where('id', carrier.id).update({ is_approved: false })
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.lengthOf(versions, settled + 1)
      await trx.commit()
      await until(() => versions.length > settled + 1)
    } finally {
      await instance.stop()
    }
    assert.isNull(latest())
  }).skip(!onPostgres, SKIP_REASON)

  test('a lost connection stops the announcements (search reads the version), then a new epoch follows', async ({
    assert,
  }) => {
    const { instance, versions, latest } = feed()
    await instance.start()
    try {
      const first = latest()!
      searchCache.announce(first)
      assert.equal(await searchCache.version(), first)
      await db.rawQuery(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN search_version' AND pid <> pg_backend_pid()"
      )
      await until(() => versions.includes(null))
      await until(() => latest() !== null)
      const epoch = (v: string) => v.split(':')[1]
      assert.notEqual(epoch(latest()!), epoch(first))
      assert.isTrue(instance.listening)
      // Without an announced version the cache reads the sequence.
      searchCache.announce(null)
      assert.match(await searchCache.version(), /^\d+:(true|false)$/)
    } finally {
      await instance.stop()
    }
  }).skip(!onPostgres, SKIP_REASON)
})
