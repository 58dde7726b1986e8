import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'partner_events'

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
      table.string('provider', 40).notNullable()
      table.string('event_code', 40).notNullable()
      table.string('event_desc', 500).nullable()
      table.timestamp('event_time').notNullable()
      table.json('raw').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['booking_id', 'event_time'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
