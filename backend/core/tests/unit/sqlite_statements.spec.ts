import { test } from '@japa/runner'
import Database from 'better-sqlite3'
import { keepStatements, sqliteWrites } from '#core/sqlite_statements'

function open() {
  const connection = keepStatements(new Database(':memory:'), 3)
  connection.exec('CREATE TABLE loads (id INTEGER PRIMARY KEY, city TEXT NOT NULL)')
  return connection
}

test.group('SQLite statements kept per connection', () => {
  test('one SQL text is prepared once and answers each run with its own bindings', ({ assert }) => {
    const connection = open()
    const insert = connection.prepare('INSERT INTO loads (city) VALUES (?)')
    insert.run(['Chicago'])
    assert.strictEqual(connection.prepare('INSERT INTO loads (city) VALUES (?)'), insert)
    connection.prepare('INSERT INTO loads (city) VALUES (?)').run(['Detroit'])
    const read = 'SELECT city FROM loads WHERE id = ?'
    assert.deepEqual(connection.prepare(read).all([1]), [{ city: 'Chicago' }])
    assert.deepEqual(connection.prepare(read).all([2]), [{ city: 'Detroit' }])
    assert.strictEqual(connection.prepare(read), connection.prepare(read))
  })

  test('a kept statement follows a change of schema', ({ assert }) => {
    const connection = open()
    connection.prepare('INSERT INTO loads (city) VALUES (?)').run(['Toledo'])
    const read = 'SELECT * FROM loads'
    assert.deepEqual(connection.prepare(read).all(), [{ id: 1, city: 'Toledo' }])
    connection.exec('ALTER TABLE loads ADD COLUMN pallets INTEGER NOT NULL DEFAULT 4')
    assert.deepEqual(connection.prepare(read).all(), [{ id: 1, city: 'Toledo', pallets: 4 }])
    connection.exec('DROP TABLE loads')
    connection.exec('CREATE TABLE loads (id INTEGER PRIMARY KEY, state TEXT)')
    connection.exec("INSERT INTO loads (state) VALUES ('OH')")
    assert.deepEqual(connection.prepare(read).all(), [{ id: 1, state: 'OH' }])
  })

  test('a statement that failed runs again, and a text that does not parse is not kept', ({
    assert,
  }) => {
    const connection = open()
    connection.exec('CREATE UNIQUE INDEX loads_city ON loads (city)')
    const insert = 'INSERT INTO loads (city) VALUES (?)'
    connection.prepare(insert).run(['Gary'])
    assert.throws(() => connection.prepare(insert).run(['Gary']), /UNIQUE/)
    connection.prepare(insert).run(['Flint'])
    assert.deepEqual(connection.prepare('SELECT count(*) AS n FROM loads').get(), { n: 2 })
    assert.throws(() => connection.prepare('SELEC nothing'), /syntax error/)
    assert.throws(() => connection.prepare('SELEC nothing'), /syntax error/)
  })

  test('only the most recently used texts are kept', ({ assert }) => {
    const connection = open()
    const first = connection.prepare('SELECT 1')
    const two = connection.prepare('SELECT 2')
    connection.prepare('SELECT 3')
    assert.strictEqual(connection.prepare('SELECT 1'), first)
    connection.prepare('SELECT 4')
    // 'SELECT 2' was the least recently used of four texts with room for three.
    const again = connection.prepare('SELECT 2')
    assert.notStrictEqual(again, two)
    assert.deepEqual(again.get(), { 2: 2 })
    assert.strictEqual(connection.prepare('SELECT 1'), first)
  })

  test('connections keep their own statements', ({ assert }) => {
    const a = open()
    const b = open()
    assert.notStrictEqual(a.prepare('SELECT * FROM loads'), b.prepare('SELECT * FROM loads'))
    a.prepare('INSERT INTO loads (city) VALUES (?)').run(['Akron'])
    assert.lengthOf(b.prepare('SELECT * FROM loads').all(), 0)
  })

  test('statements that write or commit move the write count; reads and BEGIN do not', ({
    assert,
  }) => {
    const connection = open()
    const moved = (sql: string) => {
      const before = sqliteWrites()
      connection.prepare(sql)
      return sqliteWrites() - before
    }
    assert.equal(moved('SELECT * FROM loads'), 0)
    assert.equal(moved('SELECT * FROM loads'), 0, 'a kept read')
    assert.equal(moved('INSERT INTO loads (city) VALUES (?)'), 1)
    assert.equal(moved('INSERT INTO loads (city) VALUES (?)'), 1, 'a kept write, each time')
    assert.equal(moved('INSERT INTO loads (city) VALUES (?) RETURNING id'), 1)
    assert.equal(moved('UPDATE loads SET city = ? WHERE id = ?'), 1)
    assert.equal(moved('DELETE FROM loads WHERE id = ?'), 1)
    assert.equal(moved('BEGIN;'), 0)
    assert.equal(moved('COMMIT;'), 1)
    assert.equal(moved('SAVEPOINT trx1'), 0)
    assert.equal(moved('RELEASE SAVEPOINT trx1'), 1)
  })
})
