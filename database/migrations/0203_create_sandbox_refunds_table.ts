import { BaseSchema } from '@adonisjs/lucid/schema'

/** The sandbox payments driver's refunds. */
export default class extends BaseSchema {
  protected tableName = 'sandbox_refunds'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 64).primary()
      table.string('payment_id', 64).notNullable().index()
      table.integer('amount_cents').notNullable()
      table.string('status', 20).notNullable()
      table.string('idempotency_key', 255).notNullable().unique()
      table.string('request_hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
