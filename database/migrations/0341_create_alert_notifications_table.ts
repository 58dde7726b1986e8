import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What an alert rule has told its user (docs/decisions/0083): one row per (rule, what it was
 * about), unique, so a matching event notifies once however often it is stored or re-checked.
 * `dedupe_key` is `event:<shipment_events.id>` for exceptions and deliveries, and
 * `late:<booking id>` for lateness (once per shipment). The in-app list reads these rows.
 * Owned by tms.
 */
export default class extends BaseSchema {
  protected tableName = 'alert_notifications'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('alert_rule_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('alert_rules')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table
        .integer('shipment_event_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('shipment_events')
        .onDelete('CASCADE')
      table.string('dedupe_key', 120).notNullable()
      /** exception, late or delivered */
      table.string('trigger', 20).notNullable()
      table.string('message', 500).notNullable()
      table.boolean('in_app').notNullable().defaultTo(false)
      table.timestamp('emailed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['alert_rule_id', 'dedupe_key'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
