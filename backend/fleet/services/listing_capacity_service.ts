import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { sqlTimestamp } from '#core/timestamps'
import {
  listingWithCarrier,
  toCandidate,
  type ListingCandidate,
} from '#fleet/services/listing_search_service'
import { rowCount } from '#core/transactions'

/** updated_at as Lucid writes it (a JS Date would be stored as a number on SQLite). */
const stamp = (trx: TransactionClientContract) => sqlTimestamp(DateTime.now(), trx)

/**
 * Write side of listing capacity, always inside the caller's booking transaction
 * (docs/decisions/0024). The marketplace counts the booked pallets; this service locks the
 * listing row and flips its status between active and booked with conditional updates.
 */
export default class ListingCapacityService {
  /**
   * Reads the listing and holds it until the transaction ends, so concurrent bookings of one
   * listing run one after the other. PostgreSQL: `SELECT ... FOR UPDATE` on the listing row,
   * which holds across server instances. SQLite: one process already runs its transactions
   * one at a time (Lucid's SQLite pool has one connection); a no-op write first takes the
   * database write lock, like `BEGIN IMMEDIATE`, so a second process waits instead of failing.
   */
  async lock(listingId: number, trx: TransactionClientContract): Promise<ListingCandidate | null> {
    const query = listingWithCarrier(trx).where('listings.id', listingId)
    if (trx.dialect.name === 'postgres') {
      query.forUpdate('listings')
    } else {
      await trx.rawQuery('UPDATE listings SET updated_at = updated_at WHERE id = ?', [listingId])
    }
    const row = await query.first()
    return row ? toCandidate(row) : null
  }

  /** The carrier of a listing, read before a booking's transaction (its dispatch vetting). */
  async carrierOf(listingId: number): Promise<number | null> {
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const row = await db.from('listings').where('id', listingId).select('carrier_id').first()
    return row ? Number(row.carrier_id) : null
  }

  /** active → booked when its capacity is used up; false when it was not active. */
  async markBooked(listingId: number, trx: TransactionClientContract): Promise<boolean> {
    const result = await trx
      .from('listings')
      .where('id', listingId)
      .where('status', 'active')
      .update({ status: 'booked', updated_at: stamp(trx) })
    return rowCount(result) === 1
  }

  /** booked → active when pallets were freed; false when it was not booked. */
  async reopen(listingId: number, trx: TransactionClientContract): Promise<boolean> {
    const result = await trx
      .from('listings')
      .where('id', listingId)
      .where('status', 'booked')
      .update({ status: 'active', updated_at: stamp(trx) })
    return rowCount(result) === 1
  }
}
