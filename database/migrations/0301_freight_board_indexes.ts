import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The freight board reads open loads newest pickup first, a carrier's holds by expiry, a
 * shipper's loads newest first, and ZIP radius filters by latitude boxes.
 */
export default class extends BaseSchema {
  protected tableName = 'freight_listings'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['status', 'pickup_earliest', 'id'], 'freight_listings_board_index')
      table.index(['hold_carrier_id', 'hold_expires_at'], 'freight_listings_holder_index')
      table.index(['shipper_id', 'created_at'], 'freight_listings_shipper_created_index')
      table.index(['status', 'origin_latitude'], 'freight_listings_origin_lat_index')
      table.index(['status', 'dest_latitude'], 'freight_listings_dest_lat_index')
      table.index(['shipment_id'], 'freight_listings_shipment_index')
    })
    // PostgreSQL sorts NULL first in DESC: the board's order (loads without a pickup last)
    // needs an index of its own to be read in order. SQLite walks the index above backwards.
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw(
        'CREATE INDEX freight_listings_board_pg_index ON freight_listings (status, pickup_earliest DESC NULLS LAST, id DESC)'
      )
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('DROP INDEX IF EXISTS freight_listings_board_pg_index')
    }
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex([], 'freight_listings_board_index')
      table.dropIndex([], 'freight_listings_holder_index')
      table.dropIndex([], 'freight_listings_shipper_created_index')
      table.dropIndex([], 'freight_listings_origin_lat_index')
      table.dropIndex([], 'freight_listings_dest_lat_index')
      table.dropIndex([], 'freight_listings_shipment_index')
    })
  }
}
