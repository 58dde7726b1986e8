import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A number that moves whenever something a carrier search answers from changes (decision
 * 0089): listings, the bookings that take their capacity or make a delivery record, trucks,
 * carriers' approval and verification, and their ratings and delivery records. The search answer cache is valid while it stays the same.
 *
 * - SQLite: one row of `search_version`, bumped by triggers in the writing transaction (writes
 *   are serial on SQLite anyway). The upsert survives a table emptied by the test helpers.
 * - PostgreSQL: a sequence advanced by statement-level triggers: `nextval` takes no lock and
 *   is not rolled back, so concurrent bookings do not queue behind one row.
 */
const WATCHED: [table: string, sqliteEvents: string[], pgEvents: string][] = [
  ['listings', ['INSERT', 'UPDATE', 'DELETE'], 'INSERT OR UPDATE OR DELETE'],
  [
    'bookings',
    [
      'INSERT',
      'DELETE',
      'UPDATE OF status, number_of_pallets, listing_id, carrier_id, delivered_at, delivery_date',
    ],
    'INSERT OR DELETE OR UPDATE OF status, number_of_pallets, listing_id, carrier_id, delivered_at, delivery_date',
  ],
  [
    'trucks',
    ['INSERT', 'DELETE', 'UPDATE OF truck_type, carrier_id'],
    'INSERT OR DELETE OR UPDATE OF truck_type, carrier_id',
  ],
  ['users', ['UPDATE OF is_approved', 'DELETE'], 'DELETE OR UPDATE OF is_approved'],
  [
    'carriers',
    ['UPDATE OF verified, insurance_expires_on'],
    'UPDATE OF verified, insurance_expires_on',
  ],
  ['carrier_ratings', ['INSERT', 'UPDATE', 'DELETE'], 'INSERT OR UPDATE OR DELETE'],
]

const sqliteTrigger = (table: string, event: string) =>
  `search_version_${table}_${event.split(' ')[0].toLowerCase()}`

export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('CREATE SEQUENCE IF NOT EXISTS search_version_seq')
      this.schema.raw(`CREATE OR REPLACE FUNCTION search_version_bump() RETURNS trigger AS $$
        BEGIN PERFORM nextval('search_version_seq'); RETURN NULL; END
      $$ LANGUAGE plpgsql`)
      for (const [table, , events] of WATCHED) {
        this.schema.raw(
          `CREATE TRIGGER search_version_${table} AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION search_version_bump()`
        )
      }
      return
    }
    this.schema.createTable('search_version', (table) => {
      table.integer('id').primary()
      table.bigInteger('version').notNullable()
    })
    this.schema.raw('INSERT INTO search_version (id, version) VALUES (1, 0)')
    for (const [table, events] of WATCHED) {
      for (const event of events) {
        this.schema.raw(`CREATE TRIGGER ${sqliteTrigger(table, event)} AFTER ${event} ON ${table}
          BEGIN
            INSERT INTO search_version (id, version) VALUES (1, 1)
              ON CONFLICT (id) DO UPDATE SET version = version + 1;
          END`)
      }
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      for (const [table] of WATCHED) {
        this.schema.raw(`DROP TRIGGER IF EXISTS search_version_${table} ON ${table}`)
      }
      this.schema.raw('DROP FUNCTION IF EXISTS search_version_bump()')
      this.schema.raw('DROP SEQUENCE IF EXISTS search_version_seq')
      return
    }
    for (const [table, events] of WATCHED) {
      for (const event of events)
        this.schema.raw(`DROP TRIGGER IF EXISTS ${sqliteTrigger(table, event)}`)
    }
    this.schema.dropTable('search_version')
  }
}
