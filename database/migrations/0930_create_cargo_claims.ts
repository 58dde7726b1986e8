import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Cargo claims (docs/decisions/0232, 0233): a shipper's claim on a delivered booking, the
 * carrier's answer, the shipper's acceptance or escalation and an admin's decision, with each
 * step in the hash-chained `cargo_claim_audits`. On `bookings`: `claim_hold_claim_id` is the
 * claim holding the payout (set only while the payout is still pending, so the release run and
 * quick pay leave it alone), `claim_refund_cents` what a settled claim refunded to the shipper
 * out of the carrier's payout.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('cargo_claims', (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .unsigned()
        .notNullable()
        .unique()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.integer('shipper_id').unsigned().notNullable()
      table.integer('carrier_id').unsigned().notNullable()
      table.string('type', 16).notNullable()
      table.integer('amount_cents').notNullable()
      table.text('description').notNullable()
      table.string('status', 16).notNullable()
      table.boolean('payout_held').notNullable().defaultTo(false)
      table.string('delivered_on', 10).notNullable()
      table.string('respond_by', 10).notNullable()
      table.string('response', 16).nullable()
      table.integer('offer_cents').nullable()
      table.text('response_reason').nullable()
      table.timestamp('responded_at').nullable()
      table.text('escalation_reason').nullable()
      table.timestamp('escalated_at').nullable()
      table.integer('decided_by').unsigned().nullable()
      table.text('decision_reason').nullable()
      table.integer('settled_cents').nullable()
      table.integer('refunded_cents').nullable()
      table.integer('recovery_cents').nullable()
      table.string('refund_id', 255).nullable()
      table.timestamp('settled_at').nullable()
      table.timestamp('filed_at').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['shipper_id', 'id'])
      table.index(['carrier_id', 'id'])
      table.index(['status', 'id'])
    })
    this.schema.createTable('cargo_claim_audits', (table) => {
      table.increments('id')
      table.integer('claim_id').unsigned().notNullable()
      table.integer('actor_id').unsigned().nullable()
      table.string('actor_role', 16).notNullable()
      table.string('action', 24).notNullable()
      table.string('status', 16).notNullable()
      table.integer('amount_cents').nullable()
      table.text('note').nullable()
      table.string('hash', 64).notNullable()
      table.string('prev_hash', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['claim_id', 'id'])
    })
    this.schema.alterTable('bookings', (table) => {
      table.integer('claim_hold_claim_id').nullable()
      table.integer('claim_refund_cents').nullable()
    })
  }

  async down() {
    this.schema.alterTable('bookings', (table) => {
      table.dropColumn('claim_hold_claim_id')
      table.dropColumn('claim_refund_cents')
    })
    this.schema.dropTable('cargo_claim_audits')
    this.schema.dropTable('cargo_claims')
  }
}
