import { BaseSchema } from '@adonisjs/lucid/schema'

/** The sandbox payments driver's transfers to connected accounts. */
export default class extends BaseSchema {
  protected tableName = 'sandbox_transfers'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 64).primary()
      table.string('account_id', 64).notNullable().index()
      table.integer('amount_cents').notNullable()
      table.string('transfer_group', 255).notNullable().index()
      table.string('source_transaction', 64).nullable()
      table.text('metadata').notNullable()
      table.string('idempotency_key', 255).notNullable().unique()
      table.string('request_hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
