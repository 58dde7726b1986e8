import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Drayage as a working product (docs/decisions/0120-0122): who asked for a move and who hauls
 * it, where the container goes, when it is available, its state, the empty return, and the
 * tariff tiers a move keeps from its terminal at creation. Terminals say whether they are a
 * port or a rail ramp and carry their tiers; appointments say what they are for. Owned by
 * logistics.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('terminals', (table) => {
      /** PORT or RAIL */
      table.string('kind', 10).notNullable().defaultTo('PORT')
      /** JSON [{ fromDay, perDay }]: the rate from the nth charge day on */
      table.text('demurrage_tiers').nullable()
      table.text('per_diem_tiers').nullable()
      table.timestamp('created_at').nullable()
      table.timestamp('updated_at').nullable()
    })
    this.schema.alterTable('drayage_moves', (table) => {
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
      /** OPEN, ACCEPTED, OUT_GATED, EMPTY_RETURNED */
      table.string('status', 20).notNullable().defaultTo('OPEN')
      table.string('delivery_address', 255).nullable()
      table.date('available_on').nullable()
      table.timestamp('accepted_at').nullable()
      table.timestamp('empty_returned_at').nullable()
      table.text('demurrage_tiers').nullable()
      table.text('per_diem_tiers').nullable()
      table.timestamp('charges_computed_at').nullable()
      table.index(['shipper_id', 'id'])
      table.index(['carrier_id', 'status'])
      table.index(['status', 'id'])
    })
    this.schema.alterTable('appointments', (table) => {
      /** PICKUP (the loaded container at the terminal) or RETURN (the empty) */
      table.string('kind', 10).notNullable().defaultTo('PICKUP')
      table.string('confirmation_number', 40).nullable()
      table.timestamp('created_at').nullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('appointments', (table) => {
      table.dropColumns('kind', 'confirmation_number', 'created_at', 'updated_at')
    })
    this.schema.alterTable('drayage_moves', (table) => {
      table.dropIndex(['shipper_id', 'id'])
      table.dropIndex(['carrier_id', 'status'])
      table.dropIndex(['status', 'id'])
      table.dropForeign(['shipper_id'])
      table.dropForeign(['carrier_id'])
      table.dropColumns(
        'shipper_id',
        'carrier_id',
        'status',
        'delivery_address',
        'available_on',
        'accepted_at',
        'empty_returned_at',
        'demurrage_tiers',
        'per_diem_tiers',
        'charges_computed_at'
      )
    })
    this.schema.alterTable('terminals', (table) => {
      table.dropColumns('kind', 'demurrage_tiers', 'per_diem_tiers', 'created_at', 'updated_at')
    })
  }
}
