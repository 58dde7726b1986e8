import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'tracking_updates'

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
      table.string('status', 40).notNullable()
      table.string('location', 255).nullable()
      table.decimal('latitude', 11, 8).nullable()
      table.decimal('longitude', 11, 8).nullable()
      table.text('notes').nullable()
      table.timestamp('timestamp').notNullable()
      table.index(['booking_id', 'timestamp'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
