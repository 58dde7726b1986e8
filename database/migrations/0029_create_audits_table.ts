import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'audits'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      // freight audit of an advanced (TMS) invoice
      table
        .integer('invoice_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('advanced_invoices')
        .onDelete('CASCADE')
      table.string('result', 20).notNullable()
      table.decimal('variance_amount', 12, 2).notNullable().defaultTo(0)
      table.json('details').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['invoice_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
