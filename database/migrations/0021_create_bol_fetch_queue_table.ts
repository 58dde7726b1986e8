import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'bol_fetch_queue'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      // one queue entry per booking: the booking id is the key
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .primary()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at').nullable()
      table.text('last_error').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['next_attempt_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
