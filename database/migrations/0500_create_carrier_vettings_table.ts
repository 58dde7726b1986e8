import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every vetting of a carrier against the FMCSA census (trust's): which driver answered, when,
 * the overall result and each check with its reason. The newest row per carrier is its
 * standing; older rows are its history. docs/decisions/0090.
 */
export default class extends BaseSchema {
  protected tableName = 'carrier_vettings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('carrier_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      table.string('driver', 40).notNullable()
      /** registration, admin, revet, dispatch, insurance */
      table.string('trigger', 20).notNullable()
      /** pass, warn, fail */
      table.string('result', 10).notNullable()
      /** [{ key, label, result, reason }] */
      table.text('checks').notNullable()
      table.boolean('verified').notNullable().defaultTo(false)
      table.timestamp('checked_at').notNullable()
      table.index(['carrier_id', 'checked_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
