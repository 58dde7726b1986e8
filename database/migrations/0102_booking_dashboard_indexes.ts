import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Dashboards read bookings by time: a carrier's lanes and earnings by creation and delivery
 * time, the admin's revenue and active shippers by creation time, trucks in use by truck.
 */
export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['carrier_id', 'created_at'])
      table.index(['carrier_id', 'delivered_at'])
      table.index(['created_at'])
      table.index(['truck_id'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['carrier_id', 'created_at'])
      table.dropIndex(['carrier_id', 'delivered_at'])
      table.dropIndex(['created_at'])
      table.dropIndex(['truck_id'])
    })
  }
}
