import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Takes the database write lock at the start of a SQLite transaction, like `BEGIN IMMEDIATE`.
 * SQLite transactions start deferred: one that reads first and writes later fails at once with
 * SQLITE_BUSY when another process (an ace command next to the server) wrote in between; one
 * that holds the write lock from its first statement makes the other process wait (busy
 * timeout) instead. PostgreSQL needs nothing: it locks rows (`FOR UPDATE`).
 */
export async function takeWriteLock(trx: TransactionClientContract) {
  if (trx.dialect.name === 'postgres') return
  await trx.rawQuery('UPDATE adonis_schema_versions SET version = version WHERE 1 = 0')
}

/** A transaction that writes what it reads: the write lock first on SQLite. */
export function writeTransaction<T>(work: (trx: TransactionClientContract) => Promise<T>) {
  return db.transaction(async (trx) => {
    await takeWriteLock(trx)
    return work(trx)
  })
}

/** Rows an update or delete touched: a number on SQLite, `[n]` from some drivers. */
export function rowCount(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result)
}
