import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { tallyDeliveries, type DeliveryTally } from '#marketplace/services/delivery_record'

/**
 * The maintained summary of carriers' delivery records (`carrier_delivery_records`, decision
 * 0087). Recomputed from the carrier's delivered bookings whenever one of them enters or leaves
 * `delivered` (the status service, and the Booking model's hooks for rows saved as models), in
 * the caller's transaction, so profiles read one row per carrier instead of every delivery.
 */
export default class CarrierRecordsService {
  /** Recomputes the records of these carriers from their delivered bookings. */
  static async refresh(carrierIds: (number | null | undefined)[], client?: QueryClientContract) {
    const ids = [...new Set(carrierIds.filter((id): id is number => typeof id === 'number'))]
    if (ids.length === 0) return
    const run = async (trx: QueryClientContract) => {
      const rows = await trx
        .from('bookings')
        .whereIn('carrier_id', ids)
        .where('status', 'delivered')
        .select('carrier_id', 'delivery_date', 'delivered_at')
      const tally = tallyDeliveries(rows)
      await trx.from('carrier_delivery_records').whereIn('carrier_id', ids).delete()
      const records = [...tally].map(([id, t]) => ({
        carrier_id: id,
        completed_loads: t.completed,
        judged_loads: t.judged,
        on_time_loads: t.onTime,
      }))
      if (records.length) await trx.table('carrier_delivery_records').multiInsert(records)
    }
    if (client?.isTransaction) await run(client)
    else await db.transaction(run)
  }

  /** The records of these carriers; a carrier without a delivered load has none. */
  async records(carrierIds: number[]): Promise<Map<number, DeliveryTally>> {
    if (carrierIds.length === 0) return new Map()
    const rows = await db
      .from('carrier_delivery_records')
      .whereIn('carrier_id', carrierIds)
      .select('carrier_id', 'completed_loads', 'judged_loads', 'on_time_loads')
    return new Map(
      rows.map((r) => [
        Number(r.carrier_id),
        {
          completed: Number(r.completed_loads),
          judged: Number(r.judged_loads),
          onTime: Number(r.on_time_loads),
        },
      ])
    )
  }
}
