import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A load's offer terms (docs/decisions/0234): whether its shipper takes offers, and the floor in
 * cents below which an offer is declined at once (never shown to carriers). Added columns only,
 * so SQLite keeps the table and its triggers.
 */
export default class extends BaseSchema {
  protected tableName = 'freight_listings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.boolean('allow_offers').notNullable().defaultTo(false)
      table.integer('offer_floor_cents').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('allow_offers')
      table.dropColumn('offer_floor_cents')
    })
  }
}
