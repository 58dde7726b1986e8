import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What a load's freight is (docs/decisions/0228): commodity, pieces, packaging, consignee,
 * hazmat and the density and NMFC class the server computed, as one JSON value on the load and
 * on the booking its claim makes (the bill of lading prints it). Null on rows made before, and
 * on bookings no load made. Both are `ALTER TABLE ... ADD COLUMN` on SQLite, so neither table
 * is rebuilt and their triggers stay.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('freight_listings', (table) => {
      table.json('freight_details').nullable()
    })
    this.schema.alterTable('bookings', (table) => {
      table.json('freight_details').nullable()
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('freight_details')
    })
    this.schema.alterTable('freight_listings', (table) => {
      table.dropColumn('freight_details')
    })
  }
}
