import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Payout batches take the oldest bookings of a payout status first (`payout_status = ? ORDER
 * BY id LIMIT 200`, docs/decisions/0111): this index hands them over in id order, so a batch
 * reads 200 rows however many bookings were paid out before it.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['payout_status', 'id'], 'bookings_payout_status_id_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['payout_status', 'id'], 'bookings_payout_status_id_index')
    })
  }
}
