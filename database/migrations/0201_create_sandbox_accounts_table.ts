import { BaseSchema } from '@adonisjs/lucid/schema'

/** The sandbox payments driver's connected accounts (carriers being paid out). */
export default class extends BaseSchema {
  protected tableName = 'sandbox_accounts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id', 64).primary()
      table.string('email', 255).notNullable()
      table.boolean('onboarding_complete').notNullable().defaultTo(false)
      table.boolean('payouts_enabled').notNullable().defaultTo(false)
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
