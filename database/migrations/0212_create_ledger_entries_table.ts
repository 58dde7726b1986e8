import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The double-entry ledger (docs/decisions/0044): every money movement of a booking is one
 * transaction (`txn`) of lines that sum to zero, positive amounts debit an account and
 * negative ones credit it. Rows are append-only and hash-chained (prev_hash, hash).
 */
export default class extends BaseSchema {
  protected tableName = 'ledger_entries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('RESTRICT')
      // e.g. booking-12-charge: posting it twice is refused by the unique key below
      table.string('txn', 80).notNullable()
      // charge, refund, platform_share, carrier_payable, release, payout
      table.string('kind', 30).notNullable()
      // provider_cash, escrow, platform_revenue, carrier_payable:<carrierId>
      table.string('account', 60).notNullable()
      table.bigInteger('amount_cents').notNullable()
      table.string('memo', 200).nullable()
      table.timestamp('created_at').notNullable()
      table.string('prev_hash', 64).notNullable()
      table.string('hash', 64).notNullable()
      table.unique(['txn', 'account'])
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
