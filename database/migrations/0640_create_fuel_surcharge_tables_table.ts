import { BaseSchema } from '@adonisjs/lucid/schema'
import { FSC_BASE_PRICE, FSC_STEP } from '../data/diesel_prices.js'

/**
 * The fuel-surcharge table that turns a week's diesel price into `fuel_indices.fsc_pct`
 * (docs/decisions/0067, 0130): a base price and a step, versioned by the date they take
 * effect. Owned by finance. Ships with the table 0067 fixed, in force from the first row.
 */
export default class extends BaseSchema {
  protected tableName = 'fuel_surcharge_tables'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.date('effective_date').notNullable().unique()
      /** dollars a gallon at or under which there is no surcharge */
      table.decimal('base_price', 6, 3).notNullable()
      /** dollars a gallon per percent of surcharge */
      table.decimal('step', 6, 3).notNullable()
      table.integer('created_by_user_id').nullable().unsigned()
      table.timestamp('created_at').notNullable()
    })
    this.defer(async (db) => {
      await db.table(this.tableName).insert({
        effective_date: '2025-01-01',
        base_price: FSC_BASE_PRICE,
        step: FSC_STEP,
        created_at: '2025-01-01 00:00:00',
      })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
