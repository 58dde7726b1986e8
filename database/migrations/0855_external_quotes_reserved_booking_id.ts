import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The booking id a partner quote is booked under, taken from the bookings' id sequence before
 * the partner is asked (docs/decisions/0205): the partner prints the booking's own reference
 * (TRT-…) when the shipper gave none, and every attempt for the quote names the same one. No
 * foreign key: the booking exists only once the partner accepted.
 */
export default class extends BaseSchema {
  protected tableName = 'external_quotes'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('reserved_booking_id').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('reserved_booking_id')
    })
  }
}
