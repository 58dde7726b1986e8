import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'shipment_events'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      // a shipment is a booking
      table
        .integer('shipment_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.string('event_type', 40).notNullable()
      table.timestamp('event_time').notNullable()
      table.string('location', 255).nullable()
      table.json('raw').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['shipment_id', 'event_time'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
