import { BaseSchema } from '@adonisjs/lucid/schema'

/** The sandbox payments driver's PaymentIntents (plugins/payments/drivers/sandbox.ts). */
export default class extends BaseSchema {
  protected tableName = 'sandbox_payments'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 64).primary()
      table.string('client_secret', 128).notNullable()
      table.integer('amount_cents').notNullable()
      table.integer('amount_refunded_cents').notNullable().defaultTo(0)
      table.string('currency', 3).notNullable()
      table.string('status', 40).notNullable()
      table.string('charge_id', 64).nullable().unique()
      table.string('failure_code', 40).nullable()
      table.string('failure_message', 255).nullable()
      table.string('transfer_group', 255).nullable()
      table.text('metadata').notNullable()
      table.string('idempotency_key', 255).notNullable().unique()
      table.string('request_hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
