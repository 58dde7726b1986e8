import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'escrow_transactions'

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
      table.decimal('amount', 12, 2).notNullable()
      table.string('status', 20).notNullable().defaultTo('HELD')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['shipment_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
