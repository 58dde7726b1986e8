import { BaseSchema } from '@adonisjs/lucid/schema'
import { tallyDeliveries } from '#marketplace/services/delivery_record'

/**
 * Each carrier's delivery record as shipper profiles show it (docs/decisions/0087): delivered
 * loads, those with an agreed delivery date ("judged") and those delivered on or before it in
 * the business time zone. Owned by marketplace, recomputed for a carrier whenever one of its
 * bookings enters or leaves `delivered` (CarrierRecordsService), instead of per search result.
 */
export default class extends BaseSchema {
  protected tableName = 'carrier_delivery_records'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table
        .integer('carrier_id')
        .notNullable()
        .unsigned()
        .primary()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      table.integer('completed_loads').notNullable().defaultTo(0)
      table.integer('judged_loads').notNullable().defaultTo(0)
      table.integer('on_time_loads').notNullable().defaultTo(0)
    })
    this.defer(async (db) => {
      const rows = await db
        .from('bookings')
        .where('status', 'delivered')
        .whereNotNull('carrier_id')
        .select('carrier_id', 'delivery_date', 'delivered_at')
      const tally = tallyDeliveries(rows)
      const records = [...tally].map(([id, t]) => ({
        carrier_id: id,
        completed_loads: t.completed,
        judged_loads: t.judged,
        on_time_loads: t.onTime,
      }))
      for (let i = 0; i < records.length; i += 200) {
        await db.table(this.tableName).multiInsert(records.slice(i, i + 200))
      }
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
