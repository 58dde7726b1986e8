import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Advanced invoices get a number, their lifecycle times, the audit flag and the shipper's
 * answer to it (docs/decisions/0132, 0133).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('advanced_invoices', (table) => {
      /** AINV-YYYY-NNNNNN, given when issued */
      table.string('number', 20).nullable().unique()
      /** CARRIER (the booked carrier's) or PARTNER (recorded for a partner booking) */
      table.string('kind', 10).notNullable().defaultTo('CARRIER')
      /** the booking's parties when drafted, so lists and policies need no join */
      table.integer('shipper_id').nullable().unsigned()
      table.integer('carrier_id').nullable().unsigned()
      table.boolean('flagged').notNullable().defaultTo(false)
      /** ACCEPTED or DISPUTED: the shipper's answer to a flagged invoice */
      table.string('shipper_decision', 10).nullable()
      table.string('dispute_reason', 500).nullable()
      table.integer('created_by_user_id').nullable().unsigned()
      table.timestamp('issued_at').nullable()
      table.timestamp('paid_at').nullable()
      table.timestamp('voided_at').nullable()
      table.timestamp('decided_at').nullable()
      table.index(['flagged', 'status'])
      table.index(['status', 'shipment_id'])
      table.index(['shipper_id'])
      table.index(['carrier_id'])
    })
  }

  async down() {
    this.schema.alterTable('advanced_invoices', (table) => {
      table.dropIndex(['flagged', 'status'])
      table.dropIndex(['status', 'shipment_id'])
      table.dropIndex(['shipper_id'])
      table.dropIndex(['carrier_id'])
      table.dropUnique(['number'])
      for (const column of [
        'number',
        'kind',
        'shipper_id',
        'carrier_id',
        'flagged',
        'shipper_decision',
        'dispute_reason',
        'created_by_user_id',
        'issued_at',
        'paid_at',
        'voided_at',
        'decided_at',
      ]) {
        table.dropColumn(column)
      }
    })
  }
}
