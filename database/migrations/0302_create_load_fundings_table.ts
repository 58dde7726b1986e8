import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A shipper's card payment for a posted load before any carrier has claimed it
 * (docs/decisions/0069): the intent, the charge once it succeeds, and where the money went
 * (onto the claim's booking, or back to the card). Owned by payments; the load's own
 * `payment_status` is freight_board's.
 */
export default class extends BaseSchema {
  protected tableName = 'load_fundings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('freight_listing_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('freight_listings')
        .onDelete('CASCADE')
      table.integer('shipper_id').notNullable().unsigned().references('id').inTable('users')
      table.string('payment_intent_id', 255).notNullable().unique()
      table.string('charge_id', 255).nullable()
      table.bigInteger('amount_cents').notNullable()
      /** INIT, SUCCEEDED (held for the load), FAILED (retryable), SETTLED (paid a booking), REFUNDED */
      table.string('status', 20).notNullable().defaultTo('INIT')
      table.string('failure_message', 500).nullable()
      table
        .integer('booking_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('SET NULL')
      table.string('refund_id', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['freight_listing_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
