import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Collecting a cargo claim's recovery (docs/decisions/0254): `cargo_claims` records what the
 * platform refunded the shipper at once (`recovery_refunded_cents`, its refund id; what the card
 * could not take back is owed to the shipper on the ledger) and what the carrier's later
 * payouts have paid back (`recovered_cents`); each netting is one row of
 * `claim_recovery_deductions`, unique per payout and claim, so a payout retried or raced
 * deducts once.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('cargo_claims', (table) => {
      table.bigInteger('recovered_cents').notNullable().defaultTo(0)
      table.bigInteger('recovery_refunded_cents').nullable()
      table.string('recovery_refund_id', 100).nullable()
    })
    this.schema.createTable('claim_recovery_deductions', (table) => {
      table.increments('id')
      table
        .integer('claim_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('cargo_claims')
        .onDelete('CASCADE')
      table.integer('carrier_id').unsigned().notNullable()
      // the payout netted: a booking's or a delivered expedited job's (payout_subjects.ts)
      table.string('subject', 10).notNullable()
      table.integer('subject_id').unsigned().notNullable()
      table.bigInteger('amount_cents').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['subject', 'subject_id', 'claim_id'])
      table.index(['carrier_id', 'id'])
      table.index(['claim_id'])
    })
  }

  async down() {
    this.schema.dropTable('claim_recovery_deductions')
    this.schema.alterTable('cargo_claims', (table) => {
      table.dropColumn('recovered_cents')
      table.dropColumn('recovery_refunded_cents')
      table.dropColumn('recovery_refund_id')
    })
  }
}
