import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A carrier quote remembers which partner_carriers driver books it (docs/decisions/0180),
 * decided once when it is quoted, so booking, tracking, cancellation and documents go to the
 * partner that priced it whatever the config says later. Null: the network's own quote,
 * booked from Search. Quotes made before were booked by the demo partner.
 */
export default class extends BaseSchema {
  protected tableName = 'external_quotes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('booked_by', 40).nullable()
    })
    this.defer(async (db) => {
      await db
        .from(this.tableName)
        .whereIn('provider', ['ltl_partner', 'expedite_partner'])
        .update({ booked_by: 'demo_partner' })
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('booked_by')
    })
  }
}
