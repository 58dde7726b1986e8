import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A carrier quote of the TMS rate comparison is a bookable offer: it belongs to the user who
 * asked (only they book it), names the rating driver's carrier and service level, and carries
 * the partner's quote id and the instant it stops being honoured (docs/decisions/0082).
 */
export default class extends BaseSchema {
  protected tableName = 'external_quotes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .integer('user_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('carrier_key', 40).nullable()
      table.string('service_level', 20).nullable()
      table.string('partner_quote_id', 64).nullable()
      table.timestamp('valid_until').nullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['user_id', 'created_at'])
      table.dropForeign(['user_id'])
      table.dropColumn('user_id')
      table.dropColumn('carrier_key')
      table.dropColumn('service_level')
      table.dropColumn('partner_quote_id')
      table.dropColumn('valid_until')
    })
  }
}
