import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The notification centre (issue 36, docs/decisions/0241). `notifications` holds what happened
 * to a company's work, addressed to its account user (decision 0223: every member of the
 * company reads the same list and the same read marks); `dedupe_key` keeps one notification per
 * subject where the sender asks for it (an alert for one load is never told twice).
 * `mailed_at` is when it went out by mail (at once, or in the day's digest). Rows are never
 * deleted by the app. `notification_preferences` holds one row per user and kind that differs
 * from the default (in the app only, no push). Owned by notifications.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('kind', 24).notNullable()
      table.string('title', 200).notNullable()
      table.string('body', 1000).notNullable()
      table.string('link', 300).notNullable()
      table.string('dedupe_key', 120).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('read_at').nullable()
      table.timestamp('mailed_at').nullable()
      table.index(['user_id', 'id'])
      table.index(['user_id', 'read_at'])
      table.unique(['user_id', 'dedupe_key'])
    })
    this.schema.createTable('notification_preferences', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('kind', 24).notNullable()
      table.string('channel', 24).notNullable()
      table.boolean('push').notNullable().defaultTo(false)
      table.timestamp('updated_at').notNullable()
      table.unique(['user_id', 'kind'])
    })
  }

  async down() {
    this.schema.dropTable('notification_preferences')
    this.schema.dropTable('notifications')
  }
}
