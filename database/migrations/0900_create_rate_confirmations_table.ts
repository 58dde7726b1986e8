import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A booking's rate confirmation (docs/decisions/0226): issued once when the booking is paid,
 * its PDF in the Document Hub (`document_id`, tms's `documents` row), the figures it printed
 * (cents), and the carrier's acceptance, recorded as a user's terms acceptance is (who, when,
 * IP, user agent). In transit waits for `accepted_at`. Owned by marketplace.
 */
export default class extends BaseSchema {
  protected tableName = 'rate_confirmations'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .unique()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      /** "RC-2026-0000042": the year issued and the booking id */
      table.string('number', 32).notNullable()
      table.integer('document_id').notNullable().unsigned()
      table.string('download_url', 200).notNullable()
      table.integer('line_haul_cents').notNullable()
      table.integer('accessorials_cents').notNullable()
      /** the carrier's pay on the line haul (the payout split); null on a partner booking */
      table.integer('carrier_pay_cents').nullable()
      /** the terms version the shipper accepted, printed as the platform's terms reference */
      table.string('terms_version', 32).nullable()
      table.timestamp('issued_at').notNullable()
      table.timestamp('accepted_at').nullable()
      table.integer('accepted_by_user_id').nullable().unsigned()
      table.string('accepted_name', 200).nullable()
      table.string('accepted_ip', 64).nullable()
      table.text('accepted_user_agent').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
