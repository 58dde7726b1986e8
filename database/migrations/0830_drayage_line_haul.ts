import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Drayage is priced (docs/decisions/0187): a terminal's line-haul bands (JSON, cents per
 * distance band; null prices by the defaults), and a move's road miles and line haul fixed
 * when it is requested (null on moves requested before prices existed).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('terminals', (table) => {
      table.text('line_haul_bands').nullable()
    })
    this.schema.alterTable('drayage_moves', (table) => {
      table.decimal('distance_miles', 8, 1).nullable()
      table.decimal('line_haul', 12, 2).nullable()
    })
  }

  async down() {
    this.schema.alterTable('drayage_moves', (table) => {
      table.dropColumn('distance_miles')
      table.dropColumn('line_haul')
    })
    this.schema.alterTable('terminals', (table) => {
      table.dropColumn('line_haul_bands')
    })
  }
}
