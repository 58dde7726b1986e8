import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import { takeWriteLock, transaction } from '#core/transactions'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import { DeliveryMilestones } from '#reviews/contracts/delivery_milestones'
import {
  averageOf,
  deliveryRecord,
  onTimeRate,
  type Delivery,
  type DeliveryRecord,
} from '#reviews/review_rules'

/** What everyone may see of a carrier's record (no review text, no names). */
export type CarrierRating = {
  /** mean of every criterion of its published, unhidden reviews, two decimals; null for none */
  average: number | null
  count: number
  /** delivered by the promised day, of its judged deliveries; null when none (decision 0096) */
  onTimeRate: number | null
  deliveredLoads: number
  judgedLoads: number
  /** cargo claims filed on its bookings (docs/decisions/0233) */
  claimsCount: number
  /** claims per delivered load, 0-1 to three decimals; null with no delivered load */
  claimsRatio: number | null
}

/** What carriers see of a shipper's record. */
export type ShipperRating = { average: number | null; count: number }

export const NO_CARRIER_RATING: CarrierRating = {
  average: null,
  count: 0,
  onTimeRate: null,
  deliveredLoads: 0,
  judgedLoads: 0,
  claimsCount: 0,
  claimsRatio: null,
}
export const NO_SHIPPER_RATING: ShipperRating = { average: null, count: 0 }

/** Emitted after a summary changed, so cached pages that show it are dropped. */
export type RatingsChanged = { carrierIds: number[]; shipperIds: number[] }

const num = (value: unknown) => Number(value ?? 0)

/** Claims per delivered load, to three decimals (at most 1 shown as is); null with none. */
export function claimsRatio(claims: number, deliveredLoads: number): number | null {
  if (deliveredLoads <= 0) return null
  return Math.round((claims / deliveredLoads) * 1000) / 1000
}

/**
 * The maintained summaries `carrier_ratings` and `shipper_ratings` (docs/decisions/0096): read
 * in one query for any number of carriers or shippers, and rewritten from the source rows (never
 * incremented) under a lock on the summary row, so concurrent rewrites of one carrier end with
 * the last one's full truth.
 */
@inject()
export default class RatingSummaryService {
  constructor(
    private clock: Clock,
    private bookings: BookingFactsService,
    private milestones: DeliveryMilestones
  ) {}

  async carriers(carrierIds: number[]): Promise<Map<number, CarrierRating>> {
    const ids = [...new Set(carrierIds)]
    const result = new Map(ids.map((id) => [id, NO_CARRIER_RATING]))
    if (ids.length === 0) return result
    const rows = await db.from('carrier_ratings').whereIn('carrier_id', ids).select('*')
    for (const row of rows) {
      const count = num(row.reviews_count)
      const record = { judgedLoads: num(row.judged_loads), onTimeLoads: num(row.on_time_loads) }
      result.set(Number(row.carrier_id), {
        average: averageOf(
          [num(row.on_time_sum), num(row.communication_sum), num(row.care_of_freight_sum)],
          count
        ),
        count,
        onTimeRate: onTimeRate(record),
        deliveredLoads: num(row.delivered_loads),
        judgedLoads: record.judgedLoads,
        claimsCount: num(row.claims_count),
        claimsRatio: claimsRatio(num(row.claims_count), num(row.delivered_loads)),
      })
    }
    return result
  }

  async shippers(shipperIds: number[]): Promise<Map<number, ShipperRating>> {
    const ids = [...new Set(shipperIds)]
    const result = new Map(ids.map((id) => [id, NO_SHIPPER_RATING]))
    if (ids.length === 0) return result
    const rows = await db.from('shipper_ratings').whereIn('shipper_id', ids).select('*')
    for (const row of rows) {
      const count = num(row.reviews_count)
      result.set(Number(row.shipper_id), {
        average: averageOf(
          [num(row.loading_time_sum), num(row.description_accuracy_sum), num(row.payment_sum)],
          count
        ),
        count,
      })
    }
    return result
  }

  /**
   * Rewrites the review part of a booking's two parties' summaries, inside the caller's write
   * transaction. Call `lock` first, before writing the reviews, so rewrites queue up.
   */
  async lock(trx: TransactionClientContract, parties: { carrierId: number; shipperId: number }) {
    await takeWriteLock(trx)
    const stamp = sqlTimestamp(this.clock.now(), trx)
    await trx
      .knexQuery()
      .table('carrier_ratings')
      .insert({ carrier_id: parties.carrierId, updated_at: stamp })
      .onConflict('carrier_id')
      .ignore()
    await trx
      .knexQuery()
      .table('shipper_ratings')
      .insert({ shipper_id: parties.shipperId, updated_at: stamp })
      .onConflict('shipper_id')
      .ignore()
    if (trx.dialect.name !== 'postgres') return
    // Always carrier first, then shipper: every path takes them in this order.
    await trx.from('carrier_ratings').where('carrier_id', parties.carrierId).forUpdate().select(1)
    await trx.from('shipper_ratings').where('shipper_id', parties.shipperId).forUpdate().select(1)
  }

  async rewriteReviews(
    trx: TransactionClientContract,
    parties: { carrierId: number; shipperId: number }
  ) {
    const stamp = sqlTimestamp(this.clock.now(), trx)
    const visible = (role: string) =>
      trx
        .from('reviews')
        .where('author_role', role)
        .whereNotNull('published_at')
        .whereNull('hidden_at')
    const ofCarrier = await visible('shipper')
      .where('carrier_id', parties.carrierId)
      .count('* as n')
      .sum('on_time as a')
      .sum('communication as b')
      .sum('care_of_freight as c')
      .first()
    await trx
      .from('carrier_ratings')
      .where('carrier_id', parties.carrierId)
      .update({
        reviews_count: num(ofCarrier?.n),
        on_time_sum: num(ofCarrier?.a),
        communication_sum: num(ofCarrier?.b),
        care_of_freight_sum: num(ofCarrier?.c),
        updated_at: stamp,
      })
    const ofShipper = await visible('carrier')
      .where('shipper_id', parties.shipperId)
      .count('* as n')
      .sum('loading_time as a')
      .sum('description_accuracy as b')
      .sum('payment as c')
      .first()
    await trx
      .from('shipper_ratings')
      .where('shipper_id', parties.shipperId)
      .update({
        reviews_count: num(ofShipper?.n),
        loading_time_sum: num(ofShipper?.a),
        description_accuracy_sum: num(ofShipper?.b),
        payment_sum: num(ofShipper?.c),
        updated_at: stamp,
      })
  }

  /** Rewrites a carrier's delivery record from its delivered bookings and their milestones. */
  async rewriteDeliveries(carrierId: number): Promise<DeliveryRecord> {
    const record = await transaction(async (trx) => {
      await takeWriteLock(trx)
      const stamp = sqlTimestamp(this.clock.now(), trx)
      await trx
        .knexQuery()
        .table('carrier_ratings')
        .insert({ carrier_id: carrierId, updated_at: stamp })
        .onConflict('carrier_id')
        .ignore()
      if (trx.dialect.name === 'postgres') {
        await trx.from('carrier_ratings').where('carrier_id', carrierId).forUpdate().select(1)
      }
      const found = await this.deliveries(carrierId, trx)
      const computed = deliveryRecord(found)
      await trx.from('carrier_ratings').where('carrier_id', carrierId).update({
        delivered_loads: computed.deliveredLoads,
        judged_loads: computed.judgedLoads,
        on_time_loads: computed.onTimeLoads,
        updated_at: stamp,
      })
      return computed
    })
    await this.changed({ carrierIds: [carrierId], shipperIds: [] })
    return record
  }

  /**
   * Rewrites a carrier's claims count (docs/decisions/0233): `count` reads the claims (payments
   * keeps them) inside this transaction, under the summary row's lock, so concurrent rewrites end
   * with the full count.
   */
  async rewriteClaims(
    carrierId: number,
    count: (trx: TransactionClientContract) => Promise<number>
  ): Promise<number> {
    const claims = await transaction(async (trx) => {
      await takeWriteLock(trx)
      const stamp = sqlTimestamp(this.clock.now(), trx)
      await trx
        .knexQuery()
        .table('carrier_ratings')
        .insert({ carrier_id: carrierId, updated_at: stamp })
        .onConflict('carrier_id')
        .ignore()
      if (trx.dialect.name === 'postgres') {
        await trx.from('carrier_ratings').where('carrier_id', carrierId).forUpdate().select(1)
      }
      const counted = await count(trx)
      await trx
        .from('carrier_ratings')
        .where('carrier_id', carrierId)
        .update({ claims_count: counted, updated_at: stamp })
      return counted
    })
    await this.changed({ carrierIds: [carrierId], shipperIds: [] })
    return claims
  }

  private async deliveries(carrierId: number, client: QueryClientContract): Promise<Delivery[]> {
    const delivered = await this.bookings.deliveriesOf([carrierId], client)
    const milestones = await this.milestones.deliveredTimes(
      delivered.map((d) => d.id),
      client
    )
    return delivered.map((d) => ({
      due: d.due,
      deliveredAt: d.deliveredAt,
      milestones: milestones.get(d.id) ?? [],
    }))
  }

  /** Tells the caches that show ratings (the freight board's pages) to drop what they hold. */
  async changed(change: RatingsChanged) {
    await emitter.emit('ratings:changed', change)
  }
}
