import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { readTimestamp, sqlTimestamp } from '#core/timestamps'

/**
 * Tamper-evident tables (docs/decisions/0044). Each row of a chained table stores
 * `hash = sha256(prev_hash, content)` where `prev_hash` is the hash of the row before it, so
 * editing, deleting or reordering a row breaks every link after it. audit_chain_heads keeps
 * the newest link, which also catches a deleted tail. Appends lock the head row, so they are
 * written one at a time on PostgreSQL; SQLite has one writer anyway.
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
}

/** A timestamp as UTC to the second, from a DateTime, a Date (pg) or a string (SQLite, local). */
export function chainTimestamp(value: unknown): string | null {
  return readTimestamp(value)?.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'") ?? null
}

/** The row's content in a fixed order, with numbers and booleans normalised across databases. */
export function chainContent(definition: ChainDefinition, row: Record<string, unknown>) {
  return definition.columns.map((column): ChainValue => {
    const value = row[column]
    if (definition.timestamps.includes(column)) return chainTimestamp(value)
    if (value === null || value === undefined) return null
    if (typeof value === 'boolean') return value
    if (typeof value === 'number' || typeof value === 'bigint') return String(value)
    return String(value)
  })
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
 * Inserts rows into a chained table inside `trx`, linking each to the one before. Returns the
 * inserted ids in order.
 */
export async function appendToChain(
  trx: TransactionClientContract,
  definition: ChainDefinition,
  rows: Record<string, unknown>[]
): Promise<number[]> {
  if (rows.length === 0) return []
  const head = await lockHead(trx, definition.chain)
  let prevHash = head.last_hash
  const ids: number[] = []
  for (const row of rows) {
    const [inserted] = await trx
      .table(definition.table)
      .insert({ ...row, prev_hash: prevHash, hash: 'pending' })
      .returning('id')
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
    const hash = linkHash(prevHash, chainContent(definition, { ...row, id }))
    await trx.from(definition.table).where('id', id).update({ hash })
    ids.push(id)
    prevHash = hash
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
      .select([...new Set([...definition.columns, 'id', 'prev_hash', 'hash'])])
    for (const row of page) {
      const id = Number(row.id)
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          chain,
          rows,
          brokenRowId: id,
          reason:
            'its link to the previous row does not match (a row before it was removed or changed)',
        }
      }
      const expected = linkHash(prevHash, chainContent(definition, row))
      if (row.hash !== expected) {
        return {
          ok: false,
          chain,
          rows,
          brokenRowId: id,
          reason: 'its content does not match its hash (the row was edited)',
        }
      }
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
