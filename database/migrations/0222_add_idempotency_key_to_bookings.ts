import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Idempotency-Key a booking was created with, unique per shipper: a retry after an answer
 * that was lost (the booking committed, the response did not arrive) finds the booking instead
 * of making a second one (docs/decisions/0052).
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('idempotency_key', 255).nullable()
      table.unique(['shipper_id', 'idempotency_key'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['shipper_id', 'idempotency_key'])
      table.dropColumn('idempotency_key')
    })
  }
}
