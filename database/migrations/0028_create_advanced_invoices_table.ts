import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'advanced_invoices'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('shipment_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.string('currency', 3).notNullable().defaultTo('USD')
      table.decimal('amount', 12, 2).notNullable()
      table.json('items').nullable()
      table.string('status', 20).notNullable().defaultTo('DRAFT')
      table.timestamp('created_at').notNullable()
      table.index(['shipment_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
