import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The declared weight of a booking's freight, in pounds (null: not declared), so its bill of
 * lading prints it (docs/decisions/0177). A claimed freight-board load carries its listing's
 * weight; the bookings claimed before this column get theirs from the listing.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('weight_lbs').nullable()
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE bookings SET weight_lbs = (
           SELECT freight_listings.weight_lbs FROM freight_listings
           WHERE freight_listings.shipment_id = bookings.id
         )
         WHERE booking_type = 'freight_board'`
      )
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('weight_lbs')
    })
  }
}
