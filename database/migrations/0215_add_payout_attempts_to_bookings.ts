import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Payout transfer bookkeeping (docs/decisions/0043): attempts and the next retry time of a
 * failed transfer, and the claim a release run holds while it calls the provider.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('payout_attempts').notNullable().defaultTo(0)
      table.timestamp('payout_next_attempt_at').nullable()
      table.string('payout_claim', 40).nullable()
      table.timestamp('payout_claimed_at').nullable()
      table.index(['payout_status', 'payout_next_attempt_at'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['payout_status', 'payout_next_attempt_at'])
      table.dropColumn('payout_attempts')
      table.dropColumn('payout_next_attempt_at')
      table.dropColumn('payout_claim')
      table.dropColumn('payout_claimed_at')
    })
  }
}
