import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  GENESIS_HASH,
  chainContent,
  chainTimestamp,
  linkHash,
  type ChainDefinition,
} from '#core/hash_chain'

const CHAIN: ChainDefinition = {
  chain: 'demo',
  table: 'demo',
  columns: ['id', 'amount', 'note', 'at'],
  timestamps: ['at'],
}

test.group('Hash chain', () => {
  test('a timestamp hashes the same however the database returns it', ({ assert }) => {
    const at = DateTime.fromISO('2026-06-01T15:30:45.123Z')
    const expected = '2026-06-01T15:30:45Z'
    assert.equal(chainTimestamp(at), expected)
    assert.equal(chainTimestamp(at.toJSDate()), expected)
    assert.equal(chainTimestamp(at.toISO()), expected)
    // SQLite stores local time without a zone, as the models write it
    assert.equal(chainTimestamp(at.toLocal().toFormat('yyyy-MM-dd HH:mm:ss')), expected)
    assert.isNull(chainTimestamp(null))
  })

  test('content is ordered by the definition and numbers read as strings', ({ assert }) => {
    const fromPg = chainContent(CHAIN, { note: null, amount: '1250', id: 3, at: new Date(0) })
    const fromSqlite = chainContent(CHAIN, { id: 3, amount: 1250, note: null, at: 0 })
    assert.deepEqual(fromPg, ['3', '1250', null, '1970-01-01T00:00:00Z'])
    assert.deepEqual(fromSqlite, fromPg)
  })

  test('each link depends on the previous hash and on every value', ({ assert }) => {
    const content = chainContent(CHAIN, { id: 1, amount: 100, note: 'x', at: null })
    const first = linkHash(GENESIS_HASH, content)
    assert.match(first, /^[0-9a-f]{64}$/)
    assert.equal(linkHash(GENESIS_HASH, content), first)
    assert.notEqual(linkHash(first, content), first)
    const edited = chainContent(CHAIN, { id: 1, amount: 101, note: 'x', at: null })
    assert.notEqual(linkHash(GENESIS_HASH, edited), first)
    // null and the string "null" differ
    const nullNote = chainContent(CHAIN, { id: 1, amount: 100, note: null, at: null })
    const textNote = chainContent(CHAIN, { id: 1, amount: 100, note: 'null', at: null })
    assert.notEqual(linkHash(GENESIS_HASH, nullNote), linkHash(GENESIS_HASH, textNote))
  })
})
