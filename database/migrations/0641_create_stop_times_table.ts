import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The carrier's own check-in and check-out at each stop of a booking, the documented times
 * detention is billed from (docs/decisions/0131). Owned by finance.
 */
export default class extends BaseSchema {
  protected tableName = 'stop_times'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      /** PICKUP or DELIVERY */
      table.string('stop', 10).notNullable()
      table.timestamp('arrived_at').notNullable()
      table.timestamp('departed_at').notNullable()
      table.integer('recorded_by_user_id').nullable().unsigned()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['booking_id', 'stop'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
