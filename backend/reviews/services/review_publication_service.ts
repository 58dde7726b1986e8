import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import RatingSummaryService from '#reviews/services/rating_summary_service'

/** Due reviews published per run; the next run takes the rest. */
export const PUBLISH_BATCH = 500

/**
 * Publishes the reviews whose window closed with only one side written (the read paths
 * already reveal them at that moment; this puts them into the summaries), and rebuilds every
 * summary on demand. Run by `ratings:refresh` and the scheduler (docs/decisions/0096).
 */
@inject()
export default class ReviewPublicationService {
  constructor(
    private clock: Clock,
    private summaries: RatingSummaryService,
    private bookings: BookingFactsService
  ) {}

  async publishDue(): Promise<{ reviews: number }> {
    const now = this.clock.now()
    const due = await db
      .from('reviews')
      .whereNull('published_at')
      .where('window_closes_at', '<=', sqlTimestamp(now, db.connection()))
      .select('booking_id', 'carrier_id', 'shipper_id')
      .orderBy('window_closes_at')
      .limit(PUBLISH_BATCH)
    const byBooking = new Map<number, { carrierId: number; shipperId: number }>()
    for (const row of due) {
      byBooking.set(Number(row.booking_id), {
        carrierId: Number(row.carrier_id),
        shipperId: Number(row.shipper_id),
      })
    }
    let published = 0
    for (const [bookingId, parties] of byBooking) {
      published += await transaction(async (trx) => {
        await this.summaries.lock(trx, parties)
        const stamp = sqlTimestamp(now, trx)
        const count = await trx
          .from('reviews')
          .where('booking_id', bookingId)
          .whereNull('published_at')
          .where('window_closes_at', '<=', stamp)
          .update({ published_at: stamp })
        await this.summaries.rewriteReviews(trx, parties)
        return Number(Array.isArray(count) ? count[0] : count)
      })
    }
    if (byBooking.size > 0) {
      const parties = [...byBooking.values()]
      await this.summaries.changed({
        carrierIds: parties.map((p) => p.carrierId),
        shipperIds: parties.map((p) => p.shipperId),
      })
    }
    return { reviews: published }
  }

  /** Rewrites every summary from the source rows (after a restore, or to repair). */
  async rebuildAll(): Promise<{ carriers: number; pairs: number }> {
    await this.publishDue()
    const carriers = await this.bookings.deliveringCarriers()
    for (const carrierId of carriers) await this.summaries.rewriteDeliveries(carrierId)
    const pairs = await db.from('reviews').distinct('carrier_id', 'shipper_id')
    for (const row of pairs) {
      const parties = { carrierId: Number(row.carrier_id), shipperId: Number(row.shipper_id) }
      await transaction(async (trx) => {
        await this.summaries.lock(trx, parties)
        await this.summaries.rewriteReviews(trx, parties)
      })
    }
    return { carriers: carriers.length, pairs: pairs.length }
  }
}
