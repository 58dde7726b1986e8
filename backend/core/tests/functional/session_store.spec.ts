import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { sessionRows, thriftyDatabaseStore, TOUCH_EVERY_MS } from '#core/session_store'
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

test.group('Session store: rows read from memory', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    sessionRows.configure(60_000)
    return () => sessionRows.configure(0)
  })

  test('each request gets values of its own: changing them changes nothing for the next', async ({
    assert,
  }) => {
    await (await store()).write('s-flat', { user: 4 })
    await (await store()).write('s-nested', { user: 5, flash: { notice: 'saved' } })
    for (const [id, expected] of [
      ['s-flat', { user: 4 }],
      ['s-nested', { user: 5, flash: { notice: 'saved' } }],
    ] as const) {
      const first = (await (await store()).read(id)) as any
      assert.deepEqual(first, expected)
      first.user = 99
      if (first.flash) first.flash.notice = 'changed'
      assert.deepEqual(await (await store()).read(id), expected)
    }
  })

  test('a write replaces what was remembered', async ({ assert }) => {
    const writer = await store()
    await writer.write('s-written', { user: 6 })
    assert.deepEqual(await (await store()).read('s-written'), { user: 6 })
    await writer.write('s-written', { user: 7 })
    assert.deepEqual(await (await store()).read('s-written'), { user: 7 })
  })
})
