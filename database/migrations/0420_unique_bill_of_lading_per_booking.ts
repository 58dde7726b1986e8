import { BaseSchema } from '@adonisjs/lucid/schema'

/** One bill of lading per booking: generated or fetched once, whichever path races. */
export default class extends BaseSchema {
  protected tableName = 'bills_of_lading'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['booking_id'])
      table.unique(['booking_id'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['booking_id'])
      table.index(['booking_id'])
    })
  }
}
