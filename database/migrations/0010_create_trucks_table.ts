import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'trucks'

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
      table.string('license_plate', 20).notNullable()
      // dry_van | flatbed | refrigerated | box_truck
      table.string('truck_type', 20).notNullable()
      table.integer('capacity').notNullable()
      // available | in_use | maintenance
      table.string('status', 20).notNullable().defaultTo('available')
      table.string('current_location', 255).nullable()
      table.decimal('latitude', 11, 8).nullable()
      table.decimal('longitude', 11, 8).nullable()
      table.string('make', 60).nullable()
      table.string('model', 60).nullable()
      table.integer('year').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['carrier_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
