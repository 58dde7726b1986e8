import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The carrier's vetting as it stood when the booking was made or the load claimed, frozen on
 * the booking (JSON: driver, checked at, result, checks). docs/decisions/0091.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.text('vetting_snapshot').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('vetting_snapshot')
    })
  }
}
