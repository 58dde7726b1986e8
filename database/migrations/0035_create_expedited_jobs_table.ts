import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'expedited_jobs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('shipment_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('SET NULL')
      table.string('vehicle_type', 30).notNullable()
      table.integer('sla_hours').notNullable()
      // { lat, lng } of the assigned driver
      table.json('driver_geo').nullable()
      table.timestamp('eta').nullable()
      table.string('status', 20).notNullable().defaultTo('REQUESTED')
      table.timestamp('created_at').notNullable()
      table.index(['shipment_id'])
      table.index(['status'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
