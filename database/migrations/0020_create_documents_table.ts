import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'documents'

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
        .integer('shipper_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table
        .integer('carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('SET NULL')
      table.string('type', 40).notNullable()
      table.string('url', 500).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
