import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'booking_status_changes'

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
      table.string('from_status', 20).nullable()
      table.string('to_status', 20).notNullable()
      table
        .integer('changed_by')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('changed_at').notNullable()
      table.text('note').nullable()
      table.index(['booking_id', 'changed_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
