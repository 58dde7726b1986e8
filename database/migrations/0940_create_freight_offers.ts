import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Offers on posted loads (docs/decisions/0234): one row per negotiation between a load's shipper
 * and one carrier. `amount_cents` is the amount on the table, set by `last_by`; the other side
 * answers (accept, decline, counter). At most one PENDING offer per carrier and load, by a
 * partial unique index on both databases.
 */
export default class extends BaseSchema {
  protected tableName = 'freight_offers'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('listing_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('freight_listings')
        .onDelete('CASCADE')
      table.integer('carrier_id').unsigned().notNullable().references('id').inTable('carriers')
      table.integer('carrier_user_id').unsigned().notNullable().references('id').inTable('users')
      table.integer('amount_cents').notNullable()
      table.text('note').nullable()
      table.string('last_by', 8).notNullable()
      table.integer('carrier_counters').notNullable().defaultTo(0)
      table.integer('shipper_counters').notNullable().defaultTo(0)
      table.string('status', 12).notNullable().defaultTo('PENDING')
      table.string('closed_reason', 24).nullable()
      table.integer('booking_id').unsigned().nullable()
      table.timestamp('expires_at').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['listing_id', 'status'])
      table.index(['carrier_id', 'status'])
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `CREATE UNIQUE INDEX freight_offers_one_pending
           ON freight_offers (listing_id, carrier_id) WHERE status = 'PENDING'`
      )
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
