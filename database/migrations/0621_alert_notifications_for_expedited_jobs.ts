import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Alert rules also tell about expedited jobs (docs/decisions/0127): a notification is about a
 * booking's event, or about an expedited job's SLA (at risk, missed), so the booking and event
 * become optional and the job is named. Owned by tms.
 */
export default class extends BaseSchema {
  protected tableName = 'alert_notifications'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('booking_id').nullable().alter()
      table.integer('shipment_event_id').nullable().alter()
      table
        .integer('expedited_job_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('expedited_jobs')
        .onDelete('CASCADE')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropForeign(['expedited_job_id'])
      table.dropColumn('expedited_job_id')
    })
  }
}
