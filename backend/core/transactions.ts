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

/**
 * `db.transaction(work)` that fails when its BEGIN or its COMMIT failed (docs/decisions/0168).
 *
 * knex runs BEGIN, COMMIT and ROLLBACK as control statements whose failure it does not throw:
 * it rejects the transaction's `executionPromise` instead (knex/knex#3370, #3847), which
 * Lucid's `db.transaction` never reads. When the database ended the connection under them
 * (a restart, a failover, `pg_terminate_backend`):
 * - a failed BEGIN handed `work` a transaction already complete, whose first statement threw
 *   "Transaction query already complete": a 500, not the lost connection it was;
 * - a failed COMMIT looked committed: the work went on as if its rows existed, and a booking
 *   answered 404 "Booking not found" (kept as its Idempotency-Key's answer) although the
 *   shipper had asked for it and nothing was saved.
 * Here both throw the statement's own error, so a lost connection is seen as one
 * (#core/connection_loss: a 503 to retry under an Idempotency-Key, decision 0162). A COMMIT
 * whose answer was lost may still have been applied: the retry finds what it made.
 */
export async function transaction<T>(
  work: (trx: TransactionClientContract) => Promise<T>
): Promise<T> {
  const trx = await db.transaction()
  // Complete before any work: its BEGIN failed, and the control promise holds why.
  if (trx.isCompleted) await trx.knexClient.executionPromise
  let result: T
  try {
    result = await work(trx)
  } catch (error) {
    if (!trx.isCompleted) await trx.rollback().catch(() => {})
    throw error
  }
  if (!trx.isCompleted) {
    await trx.commit()
    // Resolves once COMMIT succeeded; rejects with its error when it failed.
    await trx.knexClient.executionPromise
  }
  return result
}

/** A transaction that writes what it reads: the write lock first on SQLite. */
export function writeTransaction<T>(work: (trx: TransactionClientContract) => Promise<T>) {
  return transaction(async (trx) => {
    await takeWriteLock(trx)
    return work(trx)
  })
}

/** Rows an update or delete touched: a number on SQLite, `[n]` from some drivers. */
export function rowCount(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result)
}
