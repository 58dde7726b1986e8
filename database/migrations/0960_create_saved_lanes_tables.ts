import { BaseSchema } from '@adonisjs/lucid/schema'
import type { Knex } from 'knex'

/**
 * Saved lanes (a carrier's) and saved capacity searches (a shipper's), and the alerts each
 * matching posting raised (docs/decisions/0239). Owned by alerts.
 *
 * A lane's origin and destination are each a ZIP3, a state or a point with a radius. Each kind
 * fills its own indexed column (`*_zip3`, `*_state`, or the radius's bounding box `*_min_lat`
 * ... `*_max_lng`, one index holding the whole box so the box test reads no row), so one
 * statement per posting finds the candidates through three index seeks; the exact radius is
 * checked in code on the few candidates. `equipment_key` is the
 * equipment or `ANY`, so it can lead an index. An alert row is unique per (lane, load) and
 * (search, listing): a posting never alerts twice, also under concurrent matching.
 */
export default class extends BaseSchema {
  private places(table: Knex.CreateTableBuilder) {
    for (const side of ['origin', 'dest']) {
      table.string(`${side}_kind`, 8).notNullable()
      table.string(`${side}_zip3`, 3).nullable()
      table.string(`${side}_state`, 2).nullable()
      table.string(`${side}_near`, 100).nullable()
      table.string(`${side}_label`, 160).notNullable()
      table.double(`${side}_latitude`).nullable()
      table.double(`${side}_longitude`).nullable()
      table.integer(`${side}_radius_miles`).nullable()
      table.double(`${side}_min_lat`).nullable()
      table.double(`${side}_max_lat`).nullable()
      table.double(`${side}_min_lng`).nullable()
      table.double(`${side}_max_lng`).nullable()
    }
  }

  async up() {
    this.schema.createTable('saved_lanes', (table) => {
      table.increments('id')
      table
        .integer('owner_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      this.places(table)
      table.string('equipment_key', 16).notNullable()
      table.string('mode', 8).nullable()
      table.integer('min_rate_cents_per_mile').nullable()
      table.boolean('email').notNullable().defaultTo(true)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['owner_user_id', 'id'])
      table.index(['origin_zip3', 'equipment_key'])
      table.index(['origin_state', 'equipment_key'])
      table.index([
        'equipment_key',
        'origin_min_lat',
        'origin_max_lat',
        'origin_min_lng',
        'origin_max_lng',
      ])
    })
    this.schema.createTable('saved_lane_alerts', (table) => {
      table.increments('id')
      table
        .integer('saved_lane_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('saved_lanes')
        .onDelete('CASCADE')
      table
        .integer('load_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('freight_listings')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['saved_lane_id', 'load_id'])
      table.index(['load_id'])
    })
    this.schema.createTable('saved_searches', (table) => {
      table.increments('id')
      table
        .integer('owner_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      this.places(table)
      table.string('equipment_key', 16).notNullable()
      table.integer('pallets').notNullable()
      table.date('date_from').notNullable()
      table.date('date_to').notNullable()
      table.boolean('email').notNullable().defaultTo(true)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['owner_user_id', 'id'])
      table.index(['origin_zip3', 'equipment_key'])
      table.index(['origin_state', 'equipment_key'])
      table.index([
        'equipment_key',
        'origin_min_lat',
        'origin_max_lat',
        'origin_min_lng',
        'origin_max_lng',
      ])
    })
    this.schema.createTable('saved_search_alerts', (table) => {
      table.increments('id')
      table
        .integer('saved_search_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('saved_searches')
        .onDelete('CASCADE')
      table
        .integer('listing_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('listings')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable()
      table.timestamp('created_at').notNullable()
      table.unique(['saved_search_id', 'listing_id'])
      table.index(['listing_id'])
    })
  }

  async down() {
    this.schema.dropTable('saved_search_alerts')
    this.schema.dropTable('saved_searches')
    this.schema.dropTable('saved_lane_alerts')
    this.schema.dropTable('saved_lanes')
  }
}
