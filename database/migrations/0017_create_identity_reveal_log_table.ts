import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'identity_reveal_log'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table
        .integer('viewer_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('viewer_role', 20).notNullable()
      table.timestamp('viewed_at').notNullable()
      table.index(['booking_id'])
      table.index(['viewed_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
