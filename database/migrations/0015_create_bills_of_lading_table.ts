import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'bills_of_lading'

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
      table.string('bol_number', 40).notNullable().unique()
      table.string('pdf_url', 500).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
