import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  GENESIS_HASH,
  chainContent,
  chainTimestamp,
  linkBreak,
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

  test('an optional column added later leaves older rows as they were hashed', ({ assert }) => {
    const later: ChainDefinition = { ...CHAIN, optional: ['reason'] }
    const row = { id: 3, amount: 1250, note: null, at: 0 }
    // A row without a value (every row written before the column) keeps its content and hash.
    assert.deepEqual(chainContent(later, { ...row, reason: null }), chainContent(CHAIN, row))
    assert.deepEqual(chainContent(later, row), chainContent(CHAIN, row))
    // A value is hashed, named, after the fixed columns; changing it changes the hash.
    const withReason = chainContent(later, { ...row, reason: 'Dispute 88' })
    assert.deepEqual(withReason, [...chainContent(CHAIN, row), 'reason=Dispute 88'])
    assert.notEqual(
      linkHash(GENESIS_HASH, withReason),
      linkHash(GENESIS_HASH, chainContent(later, { ...row, reason: 'Dispute 89' }))
    )
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

  /** Rows linked as appendToChain links them, in id order. */
  function linked(count: number) {
    let prev = GENESIS_HASH
    return Array.from({ length: count }, (_, i) => {
      const row: Record<string, unknown> = {
        id: i + 1,
        amount: 100 * (i + 1),
        note: null,
        at: null,
      }
      row.prev_hash = prev
      row.hash = linkHash(prev, chainContent(CHAIN, row))
      prev = row.hash as string
      return row
    })
  }

  /** The index of the first row whose link breaks, walking in the given order; -1 if none. */
  function firstBreak(rows: Record<string, unknown>[]) {
    let prev = GENESIS_HASH
    for (const [i, row] of rows.entries()) {
      if (linkBreak(CHAIN, prev, row)) return i
      prev = row.hash as string
    }
    return -1
  }

  test('an intact chain has no break', ({ assert }) => {
    assert.equal(firstBreak(linked(5)), -1)
  })

  test('reordered rows break at the first row out of place', ({ assert }) => {
    const rows = linked(5)
    // rows 2 and 3 swap places, whole (ids, content and hashes moved together)
    assert.equal(firstBreak([rows[0], rows[2], rows[1], rows[3], rows[4]]), 1)
    // the content of rows 2 and 3 swapped under their ids, hashes left in place
    const swapped = rows.map((row) => ({ ...row }))
    swapped[1] = { ...rows[2], id: 2, prev_hash: rows[1].prev_hash, hash: rows[1].hash }
    swapped[2] = { ...rows[1], id: 3, prev_hash: rows[2].prev_hash, hash: rows[2].hash }
    assert.equal(firstBreak(swapped), 1)
    assert.match(linkBreak(CHAIN, rows[0].hash as string, swapped[1])!, /content does not match/)
    // the last row moved to the front
    assert.equal(firstBreak([rows[4], ...rows.slice(0, 4)]), 0)
  })

  test('a removed middle row breaks the next one; an edited row breaks itself', ({ assert }) => {
    const rows = linked(5)
    assert.equal(firstBreak([rows[0], rows[1], rows[3], rows[4]]), 2)
    assert.match(linkBreak(CHAIN, rows[1].hash as string, rows[3])!, /removed, moved or changed/)
    const edited = rows.map((row) => ({ ...row }))
    edited[3].amount = 1
    assert.equal(firstBreak(edited), 3)
  })
})
