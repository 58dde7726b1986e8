import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The newest link of each tamper-evident chain (identity_reveal_log, ledger_entries). Appends
 * lock this row, so links are written one at a time, and a deleted tail is detected.
 */
export default class extends BaseSchema {
  protected tableName = 'audit_chain_heads'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('chain', 60).primary()
      table.integer('last_id').notNullable().defaultTo(0)
      table.integer('length').notNullable().defaultTo(0)
      table.string('last_hash', 64).notNullable()
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
