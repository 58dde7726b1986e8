import { BaseSchema } from '@adonisjs/lucid/schema'

/** A drayage move the shipper cancelled: when, and why (docs/decisions/0147). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('drayage_moves', (table) => {
      table.timestamp('cancelled_at').nullable()
      table.string('cancel_reason', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('drayage_moves', (table) => {
      table.dropColumn('cancelled_at')
      table.dropColumn('cancel_reason')
    })
  }
}
