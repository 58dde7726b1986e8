import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'invoices'

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
      table.string('invoice_number', 40).notNullable().unique()
      table.decimal('amount', 10, 2).notNullable()
      table.string('status', 20).notNullable().defaultTo('pending')
      table.date('due_date').nullable()
      table.string('pdf_url', 500).nullable()
      table.string('stripe_payment_intent_id').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
