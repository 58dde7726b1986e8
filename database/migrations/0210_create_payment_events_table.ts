import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every payments webhook event we handled, once: the unique event id makes a replayed or
 * duplicated delivery a no-op (docs/decisions/0040).
 */
export default class extends BaseSchema {
  protected tableName = 'payment_events'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('event_id', 255).notNullable().unique()
      table.string('action', 40).notNullable()
      table.string('payment_intent', 255).nullable()
      table
        .integer('booking_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('SET NULL')
      table.timestamp('received_at').notNullable()
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
