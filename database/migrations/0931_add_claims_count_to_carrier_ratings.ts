import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The carrier's claims in its ratings summary (docs/decisions/0233): how many cargo claims were
 * filed on its bookings, rewritten from `cargo_claims` under the summary row's lock. With
 * `delivered_loads` it gives the claims ratio, a profile figure like the on-time rate.
 */
export default class extends BaseSchema {
  protected tableName = 'carrier_ratings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('claims_count').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('claims_count')
    })
  }
}
