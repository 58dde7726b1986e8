import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Payout holds after a change that could mean a taken-over account (docs/decisions/0098): a
 * new payout account, email or phone holds the carrier's transfers until `ends_at`. Owned by
 * payments.
 */
export default class extends BaseSchema {
  protected tableName = 'payout_holds'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('carrier_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      /** payout_account, email or phone */
      table.string('kind', 20).notNullable()
      table.string('reason', 300).notNullable()
      /** where the notice of the change went (the address before it) */
      table.string('notice_sent_to', 254).nullable()
      table.timestamp('starts_at').notNullable()
      table.timestamp('ends_at').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['carrier_id', 'ends_at'])
      table.index(['ends_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
