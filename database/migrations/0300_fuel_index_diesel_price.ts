import { BaseSchema } from '@adonisjs/lucid/schema'
import { ACCESSORIALS, weeklyFuelRows } from '../data/diesel_prices.js'

/**
 * The fuel index carries the diesel price its surcharge was read from, and ships with weekly
 * rows (docs/decisions/0067) and the common accessorials, so a fresh install quotes without
 * the demo.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('fuel_indices', (table) => {
      table.decimal('diesel_price', 6, 3).nullable()
    })
    this.defer(async (db) => {
      const rows = weeklyFuelRows()
      for (let i = 0; i < rows.length; i += 50) {
        await db.table('fuel_indices').multiInsert(rows.slice(i, i + 50))
      }
      await db.table('accessorials_master').multiInsert(ACCESSORIALS)
    })
  }

  async down() {
    this.defer(async (db) => {
      await db
        .from('accessorials_master')
        .whereIn(
          'code',
          ACCESSORIALS.map((a) => a.code)
        )
        .delete()
      await db.from('fuel_indices').delete()
    })
    this.schema.alterTable('fuel_indices', (table) => {
      table.dropColumn('diesel_price')
    })
  }
}
