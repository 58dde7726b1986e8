import { BaseSchema } from '@adonisjs/lucid/schema'

/** One invoice per booking: the last line of defence behind the idempotent invoicing listener. */
export default class extends BaseSchema {
  protected tableName = 'invoices'

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
