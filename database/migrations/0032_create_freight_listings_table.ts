import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'freight_listings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('shipper_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('RESTRICT')
      table
        .integer('carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('SET NULL')
      table
        .integer('shipment_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('SET NULL')
      table.string('origin_postal', 10).notNullable()
      table.string('origin_city', 100).notNullable()
      table.string('origin_state', 2).notNullable()
      table.string('origin_address', 255).nullable()
      table.decimal('origin_latitude', 11, 8).nullable()
      table.decimal('origin_longitude', 11, 8).nullable()
      table.string('dest_postal', 10).notNullable()
      table.string('dest_city', 100).notNullable()
      table.string('dest_state', 2).notNullable()
      table.string('dest_address', 255).nullable()
      table.decimal('dest_latitude', 11, 8).nullable()
      table.decimal('dest_longitude', 11, 8).nullable()
      // VAN | REEFER | FLATBED | BOX | SPRINTER
      table.string('equipment', 20).notNullable().defaultTo('VAN')
      // TL | LTL | EXP
      table.string('mode', 10).notNullable().defaultTo('TL')
      table.integer('pallets').nullable()
      table.integer('weight_lbs').nullable()
      // { l, w, h } in inches
      table.json('dims').nullable()
      table.timestamp('pickup_earliest').nullable()
      table.timestamp('delivery_latest').nullable()
      table.text('notes').nullable()
      table.decimal('target_price', 10, 2).nullable()
      table.decimal('recommended_low', 10, 2).nullable()
      table.decimal('recommended_mid', 10, 2).nullable()
      table.decimal('recommended_high', 10, 2).nullable()
      table.decimal('distance_miles', 10, 2).nullable()
      table.decimal('eta_hours', 8, 2).nullable()
      table.string('status', 20).notNullable().defaultTo('OPEN')
      table.string('payment_status', 20).notNullable().defaultTo('UNFUNDED')
      table.integer('price_cents').nullable()
      table.string('stripe_payment_intent').nullable().unique()
      table
        .integer('hold_carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('SET NULL')
      table.timestamp('hold_expires_at').nullable()
      table.timestamp('expires_at').nullable()
      table.timestamp('claimed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['status'])
      table.index(['equipment'])
      table.index(['mode'])
      table.index(['origin_postal'])
      table.index(['dest_postal'])
      table.index(['shipper_id'])
      table.index(['carrier_id'])
      // holds:expire scans held listings by expiry
      table.index(['hold_expires_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
