import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An advanced invoice is for a booking or for a drayage move (docs/decisions/0146): the move's
 * column is added and the booking's becomes nullable. Finance keeps owning the table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('advanced_invoices', (table) => {
      table.integer('shipment_id').nullable().unsigned().alter()
      table
        .integer('drayage_move_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('drayage_moves')
        .onDelete('CASCADE')
      table.index(['drayage_move_id', 'status'])
    })
  }

  async down() {
    this.schema.alterTable('advanced_invoices', (table) => {
      table.dropIndex(['drayage_move_id', 'status'])
      table.dropForeign(['drayage_move_id'])
      table.dropColumn('drayage_move_id')
    })
  }
}
