import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import dbConfig from '#config/database'
import { makeUser, resetDatabase } from '#tests/helpers'
import { runAce } from '#operations/tests/ace'
import { demoDatabaseReady } from '../../../../scripts/demo_ready.js'

/**
 * `npm start`'s database step (scripts/start.js, docs/decisions/0272): `demo:prepare` migrates
 * and seeds in one process, and a restart skips it when the database says it is ready.
 */
test.group('npm start: the demo database step', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  /** The settings start.js would pass, naming the database these tests run on. */
  function startEnv(extra: Record<string, string> = {}) {
    const connection = db.connection()
    const env: Record<string, string | undefined> = { ...process.env, ...extra }
    env.DB_CONNECTION = connection.dialect.name === 'postgres' ? 'pg' : 'sqlite'
    if (env.DB_CONNECTION === 'sqlite') {
      env.SQLITE_FILE = (dbConfig.connections.sqlite.connection as { filename: string }).filename
    }
    return env
  }

  test('a migrated database without the demo admin is not ready; with it, it is', async ({
    assert,
  }) => {
    assert.isFalse(await demoDatabaseReady(startEnv()))
    // Without the seed, migrated is enough.
    assert.isTrue(await demoDatabaseReady(startEnv({ DEMO_SEED: 'false' })))
    await makeUser('admin', { email: 'admin@palletline.test' })
    assert.isTrue(await demoDatabaseReady(startEnv()))
  })

  test('a migration the database has not run makes it not ready', async ({ assert }) => {
    await makeUser('admin', { email: 'admin@palletline.test' })
    const last = await db.from('adonis_schema').orderBy('id', 'desc').first()
    await db.from('adonis_schema').where('id', last.id).delete()
    try {
      assert.isFalse(await demoDatabaseReady(startEnv()))
    } finally {
      await db.table('adonis_schema').insert({ name: last.name, batch: last.batch })
    }
  })

  test('a database that is not there is not ready', async ({ assert }) => {
    const env = startEnv()
    if (env.DB_CONNECTION === 'sqlite') env.SQLITE_FILE = app.makePath('tmp/no-such-demo.sqlite3')
    else env.PG_DB_NAME = 'no_such_palletline_demo'
    assert.isFalse(await demoDatabaseReady(env))
  })

  test('demo:prepare migrates and leaves a seeded database as it is', async ({ assert }) => {
    const admin = await makeUser('admin', { email: 'admin@palletline.test' })
    const { code, output } = await runAce(['demo:prepare'])
    assert.equal(code, 0, output)
    assert.include(output, 'Migrating the database')
    assert.include(output, 'Seeding demo data')
    // The seeder found the demo admin and wrote nothing.
    const users = await db.from('users').count('* as total').first()
    assert.equal(Number(users.total), 1)
    assert.equal((await db.from('users').first()).id, admin.id)
  })

  test('demo:prepare with DEMO_SEED=false only migrates', async ({ assert }) => {
    const { code, output } = await runAce(['demo:prepare'], { DEMO_SEED: 'false' })
    assert.equal(code, 0, output)
    assert.include(output, 'Migrating the database')
    assert.notInclude(output, 'Seeding demo data')
    const users = await db.from('users').count('* as total').first()
    assert.equal(Number(users.total), 0)
  })
})
