import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { readTimestamp, sqlTimestamp } from '#core/timestamps'
import { takeWriteLock } from '#core/transactions'

/**
 * Tamper-evident tables (docs/decisions/0044). Each row of a chained table stores
 * `hash = sha256(prev_hash, content)` where `prev_hash` is the hash of the row before it, so
 * editing, deleting or reordering a row breaks every link after it. audit_chain_heads keeps
 * the newest link, which also catches a deleted tail. An append locks the head row once for
 * all the rows it writes (a whole batch of payouts is one append), so a batch, not a row, is
 * the unit that waits for the lock on PostgreSQL; SQLite has one writer anyway.
 */

/** The hash before the first row of every chain. */
export const GENESIS_HASH = '0'.repeat(64)

export type ChainValue = string | number | boolean | null

/** How a chained table is read back for hashing: its columns, each as one stable string. */
export type ChainDefinition = {
  chain: string
  table: string
  columns: readonly string[]
  /** columns holding timestamps: hashed as UTC to the second, however the database returns them */
  timestamps: readonly string[]
  /**
   * Columns added after rows were chained: hashed after `columns`, each only when it holds a
   * value, so the rows written before it keep their hashes.
   */
  optional?: readonly string[]
}

/** The last timestamp string read and its UTC form: a batch's rows share one stamp. */
let lastStamp: { text: string; utc: string | null } | null = null

/** A timestamp as UTC to the second, from a DateTime, a Date (pg) or a string (SQLite, local). */
export function chainTimestamp(value: unknown): string | null {
  if (typeof value === 'string' && lastStamp?.text === value) return lastStamp.utc
  const utc = readTimestamp(value)?.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'") ?? null
  if (typeof value === 'string') lastStamp = { text: value, utc }
  return utc
}

/** The row's content in a fixed order, with numbers and booleans normalised across databases. */
export function chainContent(definition: ChainDefinition, row: Record<string, unknown>) {
  const content = definition.columns.map((column): ChainValue => {
    const value = row[column]
    if (definition.timestamps.includes(column)) return chainTimestamp(value)
    if (value === null || value === undefined) return null
    if (typeof value === 'boolean') return value
    if (typeof value === 'number' || typeof value === 'bigint') return String(value)
    return String(value)
  })
  for (const column of definition.optional ?? []) {
    const value = row[column]
    if (value !== null && value !== undefined) content.push(`${column}=${String(value)}`)
  }
  return content
}

export function linkHash(prevHash: string, content: ChainValue[]): string {
  return createHash('sha256')
    .update(prevHash)
    .update('\n')
    .update(JSON.stringify(content))
    .digest('hex')
}

type HeadRow = { chain: string; last_id: number; length: number; last_hash: string }

/** The chain's head, locked for the rest of the transaction (created on first use). */
async function lockHead(trx: TransactionClientContract, chain: string): Promise<HeadRow> {
  // SQLite: hold the write lock before reading the head, so no other process appends between.
  await takeWriteLock(trx)
  const read = () => trx.from('audit_chain_heads').where('chain', chain).forUpdate().first()
  let head = (await read()) as HeadRow | null
  if (!head) {
    const stamp = sqlTimestamp(DateTime.now(), trx)
    // Two first appends racing: the loser's insert is a no-op and it waits on the lock.
    await trx
      .knexQuery()
      .table('audit_chain_heads')
      .insert({ chain, last_id: 0, length: 0, last_hash: GENESIS_HASH, updated_at: stamp })
      .onConflict('chain')
      .ignore()
    head = (await read()) as HeadRow
  }
  return { ...head, last_id: Number(head.last_id), length: Number(head.length) }
}

/**
 * `count` new ids for the chained table, each above every id already in it, taken while the
 * head is locked so appends get ids in the order they link. PostgreSQL draws them from the
 * table's own sequence (so it stays the source of ids); SQLite, which has one writer, counts
 * on from the largest id (the row-id sequence follows explicit ids).
 */
async function reserveIds(
  trx: TransactionClientContract,
  definition: ChainDefinition,
  head: HeadRow,
  count: number
): Promise<number[]> {
  if (trx.dialect.name === 'postgres') {
    const result = await trx.rawQuery(
      'select nextval(pg_get_serial_sequence(?, ?)) as id from generate_series(1, ?)',
      [definition.table, 'id', count]
    )
    return (result.rows as { id: string }[]).map((row) => Number(row.id)).sort((a, b) => a - b)
  }
  const max = (await trx.from(definition.table).max('id as id').first()) as { id: unknown }
  const start = Math.max(head.last_id, Number(max?.id ?? 0)) + 1
  return Array.from({ length: count }, (_, i) => start + i)
}

/** Rows per INSERT statement: well under both databases' limits on bound parameters. */
const INSERT_CHUNK = 500

/**
 * Inserts rows into a chained table inside `trx`, linking each to the one before. Returns the
 * inserted ids in order. One head lock per call however many rows it appends: the ids come
 * from the locked head, every hash is computed before writing, and the rows go in with
 * multi-row inserts (no insert-then-update per row). Callers batch their rows into one call.
 */
export async function appendToChain(
  trx: TransactionClientContract,
  definition: ChainDefinition,
  rows: Record<string, unknown>[]
): Promise<number[]> {
  if (rows.length === 0) return []
  return appendUnderLock(trx, definition, await lockHead(trx, definition.chain), rows)
}

/**
 * Locks the chain's head, then appends the rows `pick` chooses while holding it: a choice that
 * depends on what the chain already holds (append a row only once) cannot race another append.
 */
export async function appendToChainOnce(
  trx: TransactionClientContract,
  definition: ChainDefinition,
  pick: () => Promise<Record<string, unknown>[]>
): Promise<number[]> {
  const head = await lockHead(trx, definition.chain)
  const rows = await pick()
  if (rows.length === 0) return []
  return appendUnderLock(trx, definition, head, rows)
}

async function appendUnderLock(
  trx: TransactionClientContract,
  definition: ChainDefinition,
  head: HeadRow,
  rows: Record<string, unknown>[]
): Promise<number[]> {
  const ids = await reserveIds(trx, definition, head, rows.length)
  let prevHash = head.last_hash
  const linked = rows.map((row, i) => {
    const withId = { ...row, id: ids[i] }
    const hash = linkHash(prevHash, chainContent(definition, withId))
    const out = { ...withId, prev_hash: prevHash, hash }
    prevHash = hash
    return out
  })
  for (let i = 0; i < linked.length; i += INSERT_CHUNK) {
    await trx.table(definition.table).multiInsert(linked.slice(i, i + INSERT_CHUNK))
  }
  await trx
    .from('audit_chain_heads')
    .where('chain', definition.chain)
    .update({
      last_id: ids[ids.length - 1],
      length: head.length + rows.length,
      last_hash: prevHash,
      updated_at: sqlTimestamp(DateTime.now(), trx),
    })
  return ids
}

export type ChainVerdict =
  | { ok: true; chain: string; rows: number }
  | {
      ok: false
      chain: string
      rows: number
      /** the first row whose link does not hold; null when the rows hold but the head does not */
      brokenRowId: number | null
      reason: string
    }

const VERIFY_PAGE = 1000

/**
 * Why `row` does not follow a row whose hash is `prevHash`, or null when it does. A removed,
 * moved (reordered) or relinked row fails its link; an edited one fails its own hash.
 */
export function linkBreak(
  definition: ChainDefinition,
  prevHash: string,
  row: Record<string, unknown>
): string | null {
  if (row.prev_hash !== prevHash) {
    return 'its link to the previous row does not match (a row before it was removed, moved or changed)'
  }
  if (row.hash !== linkHash(prevHash, chainContent(definition, row))) {
    return 'its content does not match its hash (the row was edited)'
  }
  return null
}

/** Walks the chain from its first row and names the first row whose link is broken. */
export async function verifyChain(
  client: QueryClientContract,
  definition: ChainDefinition
): Promise<ChainVerdict> {
  const { chain } = definition
  let prevHash = GENESIS_HASH
  let lastId = 0
  let rows = 0
  for (;;) {
    const page = await client
      .from(definition.table)
      .where('id', '>', lastId)
      .orderBy('id', 'asc')
      .limit(VERIFY_PAGE)
      .select([
        ...new Set([
          ...definition.columns,
          ...(definition.optional ?? []),
          'id',
          'prev_hash',
          'hash',
        ]),
      ])
    for (const row of page) {
      const id = Number(row.id)
      const reason = linkBreak(definition, prevHash, row)
      if (reason) return { ok: false, chain, rows, brokenRowId: id, reason }
      prevHash = row.hash
      lastId = id
      rows += 1
    }
    if (page.length < VERIFY_PAGE) break
  }
  const head = (await client.from('audit_chain_heads').where('chain', chain).first()) as
    HeadRow | undefined
  const headHash = head?.last_hash ?? GENESIS_HASH
  const headLength = Number(head?.length ?? 0)
  if (headHash !== prevHash || headLength !== rows) {
    return {
      ok: false,
      chain,
      rows,
      brokenRowId: null,
      reason: `the chain head expects ${headLength} rows ending in row ${head?.last_id ?? 0}; rows after row ${lastId} were removed`,
    }
  }
  return { ok: true, chain, rows }
}
