import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The late-cancel fee a cancelled paid booking kept for its carrier, in cents (null: not
 * cancelled; 0: cancelled without a fee). Written with the cancellation; the refund returns
 * the rest of the total. docs/decisions/0178.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('cancellation_fee_cents').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('cancellation_fee_cents')
    })
  }
}
