import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { thriftyDatabaseStore, TOUCH_EVERY_MS } from '#core/session_store'
import { eachTestInTransaction } from '#tests/helpers'

const AGE = '7d'
const TTL_MS = 7 * 24 * 3600 * 1000

async function store() {
  const factory = await thriftyDatabaseStore({ tableName: 'sessions' }).resolver(app)
  return factory({} as HttpContext, { age: AGE } as never)
}

async function expiry(id: string) {
  const row = await db.from('sessions').where('id', id).select('expires_at').firstOrFail()
  return new Date(row.expires_at).getTime()
}

async function setExpiry(id: string, at: number) {
  await db
    .from('sessions')
    .where('id', id)
    .update({ expires_at: new Date(at) })
}

test.group('Session store: expiry pushed forward at most every 15 minutes', (group) => {
  eachTestInTransaction(group)

  test('a read then a touch of a session refreshed a minute ago writes nothing', async ({
    assert,
  }) => {
    const first = await store()
    await first.write('s-recent', { user: 1 })
    const recent = Date.now() + TTL_MS - 60_000
    await setExpiry('s-recent', recent)
    const request = await store()
    assert.deepEqual(await request.read('s-recent'), { user: 1 })
    await request.touch('s-recent')
    assert.equal(await expiry('s-recent'), recent)
  })

  test('a session last refreshed longer ago than that is pushed forward', async ({ assert }) => {
    const first = await store()
    await first.write('s-old', { user: 2 })
    const old = Date.now() + TTL_MS - TOUCH_EVERY_MS - 60_000
    await setExpiry('s-old', old)
    const request = await store()
    assert.deepEqual(await request.read('s-old'), { user: 2 })
    await request.touch('s-old')
    assert.isAbove(await expiry('s-old'), old + TOUCH_EVERY_MS)
  })

  test('an expired session reads as none and is removed', async ({ assert }) => {
    const first = await store()
    await first.write('s-gone', { user: 3 })
    await setExpiry('s-gone', Date.now() - 1000)
    assert.isNull(await (await store()).read('s-gone'))
    assert.isNull(await db.from('sessions').where('id', 's-gone').first())
  })
})
