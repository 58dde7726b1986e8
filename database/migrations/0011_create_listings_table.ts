import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'listings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('carrier_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      table
        .integer('truck_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('trucks')
        .onDelete('SET NULL')
      table.string('pickup_address', 255).notNullable()
      table.decimal('pickup_latitude', 11, 8).nullable()
      table.decimal('pickup_longitude', 11, 8).nullable()
      table.integer('pickup_radius').notNullable().defaultTo(25)
      table.string('delivery_address', 255).notNullable()
      table.decimal('delivery_latitude', 11, 8).nullable()
      table.decimal('delivery_longitude', 11, 8).nullable()
      table.integer('delivery_radius').notNullable().defaultTo(25)
      table.decimal('rate_per_mile_per_pallet', 8, 2).notNullable()
      table.integer('max_pallets').notNullable()
      table.date('available_date').nullable()
      // active | booked | expired
      table.string('status', 20).notNullable().defaultTo('active')
      table.string('origin_address', 255).nullable()
      table.string('origin_city', 100).nullable()
      table.string('origin_state', 2).nullable()
      table.string('destination_address', 255).nullable()
      table.string('destination_city', 100).nullable()
      table.string('destination_state', 2).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['status', 'available_date'])
      // bounding-box search on the pickup and delivery points
      table.index(['pickup_latitude', 'pickup_longitude'])
      table.index(['delivery_latitude', 'delivery_longitude'])
      table.index(['carrier_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
