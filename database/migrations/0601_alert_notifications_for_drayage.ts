import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Alerts that are not about a booking's tracking event (a drayage container's last free day,
 * docs/decisions/0122): the booking and event become optional and the notification keeps the
 * reference it is about. Owned by tms.
 */
export default class extends BaseSchema {
  protected tableName = 'alert_notifications'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.setNullable('booking_id')
      table.setNullable('shipment_event_id')
      table.string('subject_reference', 40).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('subject_reference')
    })
  }
}
