import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A drayage move assigned to a driver of its carrier company (docs/decisions/0246), as bookings
 * and expedited jobs are (0237): the driver's login, the member who assigned it and when.
 * Added columns only, so SQLite keeps the table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('drayage_moves', (table) => {
      table.integer('driver_user_id').nullable().index()
      table.integer('driver_assigned_by').nullable()
      table.timestamp('driver_assigned_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('drayage_moves', (table) => {
      table.dropIndex(['driver_user_id'])
      table.dropColumn('driver_user_id')
      table.dropColumn('driver_assigned_by')
      table.dropColumn('driver_assigned_at')
    })
  }
}
