import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'payments'

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
      table.string('stripe_payment_intent').nullable().unique()
      table.string('stripe_charge_id').nullable()
      table.string('stripe_transfer_id').nullable()
      table.decimal('amount', 12, 2).notNullable()
      table.string('status', 20).notNullable().defaultTo('INIT')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['shipment_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
