import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Quick pay (docs/decisions/0222): a carrier took a delivered booking's payout at once, for a
 * fee. `quick_pay_fee_cents` is the fee taken off its payout (set once, with the release; null
 * when the booking was not quick-paid), `quick_paid_at` when the carrier asked.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('quick_pay_fee_cents').nullable()
      table.timestamp('quick_paid_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('quick_pay_fee_cents')
      table.dropColumn('quick_paid_at')
    })
  }
}
