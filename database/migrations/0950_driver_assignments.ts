import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A booking or an expedited job assigned to a driver of the carrier company
 * (docs/decisions/0237): the driver's login (`driver_user_id`), the member who assigned it
 * (`driver_assigned_by`, the acting login as `actor_user_id` is elsewhere, decision 0223) and
 * when. Added columns only, so SQLite keeps the tables and their triggers.
 */
export default class extends BaseSchema {
  async up() {
    for (const name of ['bookings', 'expedited_jobs']) {
      this.schema.alterTable(name, (table) => {
        table.integer('driver_user_id').nullable().index()
        table.integer('driver_assigned_by').nullable()
        table.timestamp('driver_assigned_at').nullable()
      })
    }
  }

  async down() {
    for (const name of ['bookings', 'expedited_jobs']) {
      this.schema.alterTable(name, (table) => {
        table.dropIndex(['driver_user_id'])
        table.dropColumn('driver_user_id')
        table.dropColumn('driver_assigned_by')
        table.dropColumn('driver_assigned_at')
      })
    }
  }
}
