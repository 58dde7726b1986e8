import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { writeTransaction } from '#core/transactions'

/** The advisory lock class of finance's per-booking writes (PostgreSQL's two-key form). */
const BOOKING_LOCK_CLASS = 73_110_641

/**
 * One booking's finance writes, one at a time across instances: the check-then-write of a
 * detention charge, a stop's times or a draft invoice. PostgreSQL takes a transaction-scoped
 * advisory lock on the booking (finance does not own `bookings`, so it locks no row there);
 * SQLite's write transaction already runs alone.
 */
export function bookingTransaction<T>(
  bookingId: number,
  work: (trx: TransactionClientContract) => Promise<T>
) {
  return writeTransaction(async (trx) => {
    if (trx.dialect.name === 'postgres') {
      await trx.rawQuery('select pg_advisory_xact_lock(?, ?)', [BOOKING_LOCK_CLASS, bookingId])
    }
    return work(trx)
  })
}
