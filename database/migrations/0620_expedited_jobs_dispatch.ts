import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Expedited jobs become dispatchable (docs/decisions/0125-0127): who asked and who carries,
 * where from and to (ZIP centroids from the geocoding plugin), the load, the server's price,
 * the SLA deadline, the driver's last position and its time, the live ETA, and the at-risk and
 * SLA-missed flags with when they were set. Owned by logistics.
 */
export default class extends BaseSchema {
  protected tableName = 'expedited_jobs'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table
        .integer('shipper_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('SET NULL')
      table.string('origin_postal', 10).nullable()
      table.string('origin_city', 100).nullable()
      table.string('origin_state', 2).nullable()
      table.decimal('origin_latitude', 11, 8).nullable()
      table.decimal('origin_longitude', 11, 8).nullable()
      table.string('dest_postal', 10).nullable()
      table.string('dest_city', 100).nullable()
      table.string('dest_state', 2).nullable()
      table.decimal('dest_latitude', 11, 8).nullable()
      table.decimal('dest_longitude', 11, 8).nullable()
      table.integer('pallets').notNullable().defaultTo(1)
      table.integer('weight_lbs').notNullable().defaultTo(1000)
      table.decimal('distance_miles', 8, 1).nullable()
      table.decimal('price', 10, 2).nullable()
      table.string('notes', 500).nullable()
      table.timestamp('deadline_at').nullable()
      table.timestamp('accepted_at').nullable()
      table.timestamp('picked_up_at').nullable()
      table.timestamp('delivered_at').nullable()
      table.timestamp('cancelled_at').nullable()
      table.timestamp('position_at').nullable()
      table.boolean('at_risk').notNullable().defaultTo(false)
      table.timestamp('at_risk_at').nullable()
      table.boolean('sla_missed').notNullable().defaultTo(false)
      table.timestamp('sla_missed_at').nullable()
      table.timestamp('updated_at').nullable()
      table.index(['shipper_id', 'created_at'])
      table.index(['carrier_id', 'status'])
      table.index(['status', 'deadline_at'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['shipper_id', 'created_at'])
      table.dropIndex(['carrier_id', 'status'])
      table.dropIndex(['status', 'deadline_at'])
      table.dropForeign(['shipper_id'])
      table.dropForeign(['carrier_id'])
      for (const column of [
        'shipper_id',
        'carrier_id',
        'origin_postal',
        'origin_city',
        'origin_state',
        'origin_latitude',
        'origin_longitude',
        'dest_postal',
        'dest_city',
        'dest_state',
        'dest_latitude',
        'dest_longitude',
        'pallets',
        'weight_lbs',
        'distance_miles',
        'price',
        'notes',
        'deadline_at',
        'accepted_at',
        'picked_up_at',
        'delivered_at',
        'cancelled_at',
        'position_at',
        'at_risk',
        'at_risk_at',
        'sla_missed',
        'sla_missed_at',
        'updated_at',
      ]) {
        table.dropColumn(column)
      }
    })
  }
}
