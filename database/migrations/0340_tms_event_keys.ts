import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Milestone tracking (docs/decisions/0083): each event carries the stable key its source gave it
 * (`<source>:<id>`, decision 0080), unique per shipment, so a replayed push, a re-run of the
 * simulator or a repeated status listener stores it once (INSERT ... ON CONFLICT DO NOTHING on
 * both databases). shipment_events also keeps the raw code, its source, the words and the
 * position apart from the `location` label, so the map and the timeline need no parsing.
 * Owned by tms.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('shipment_events', (table) => {
      table.string('event_key', 200).nullable()
      table.string('source', 40).nullable()
      table.string('code', 40).nullable()
      table.string('description', 500).nullable()
      table.decimal('latitude', 9, 6).nullable()
      table.decimal('longitude', 9, 6).nullable()
      table.unique(['shipment_id', 'event_key'])
    })
    this.schema.alterTable('partner_events', (table) => {
      table.string('event_key', 200).nullable()
      table.unique(['booking_id', 'event_key'])
    })
  }

  async down() {
    this.schema.alterTable('partner_events', (table) => {
      table.dropUnique(['booking_id', 'event_key'])
      table.dropColumn('event_key')
    })
    this.schema.alterTable('shipment_events', (table) => {
      table.dropUnique(['shipment_id', 'event_key'])
      table.dropColumn('event_key')
      table.dropColumn('source')
      table.dropColumn('code')
      table.dropColumn('description')
      table.dropColumn('latitude')
      table.dropColumn('longitude')
    })
  }
}
