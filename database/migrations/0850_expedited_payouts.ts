import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A delivered expedited job's carrier pay goes out through the payout run like a booking's
 * (docs/decisions/0188): the payout state sits on the job's succeeded payment, which payments
 * owns. `payout_status` is null until delivery releases the charge, then released, failed or
 * paid; the transfer is due 48 hours after delivery (`payout_due_at`); attempts, backoff and the
 * run's claim are the booking's payout columns under the same names.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('expedited_payments', (table) => {
      table.integer('carrier_id').nullable().unsigned().references('id').inTable('carriers')
      table.string('payout_status', 20).nullable()
      table.timestamp('payout_released_at').nullable()
      table.timestamp('payout_due_at').nullable()
      table.integer('payout_attempts').notNullable().defaultTo(0)
      table.string('payout_failure_reason', 500).nullable()
      table.timestamp('payout_next_attempt_at').nullable()
      table.string('payout_claim', 64).nullable()
      table.timestamp('payout_claimed_at').nullable()
      table.string('transfer_id', 255).nullable()
      table.index(['payout_status', 'payout_due_at'])
      table.index(['carrier_id', 'payout_status'])
    })
  }

  async down() {
    this.schema.alterTable('expedited_payments', (table) => {
      table.dropIndex(['payout_status', 'payout_due_at'])
      table.dropIndex(['carrier_id', 'payout_status'])
      table.dropForeign(['carrier_id'])
      for (const column of [
        'carrier_id',
        'payout_status',
        'payout_released_at',
        'payout_due_at',
        'payout_attempts',
        'payout_failure_reason',
        'payout_next_attempt_at',
        'payout_claim',
        'payout_claimed_at',
        'transfer_id',
      ]) {
        table.dropColumn(column)
      }
    })
  }
}
