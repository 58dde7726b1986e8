import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Web push for the notification centre (issue 36, docs/decisions/0253). Owned by notifications.
 *
 * `push_subscriptions`: one row per browser that subscribed through the standard Push API, for
 * the company's account user whose notifications it receives (decision 0223: every member's
 * browser may subscribe); `endpoint` is the push service's URL for that browser (unique: a
 * browser subscribed again moves to whoever subscribed it last), `p256dh` and `auth` its keys
 * for the payload's encryption (RFC 8291). A 404 or 410 from the push service deletes the row.
 *
 * `web_push_keys`: the one VAPID key pair (RFC 8292) the server signs with, made the first time
 * the app needs it; the private key encrypted with APP_KEY like the other secrets kept in the
 * database. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in the environment take its place.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('push_subscriptions', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('endpoint', 1000).notNullable().unique()
      table.string('p256dh', 200).notNullable()
      table.string('auth', 100).notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('last_sent_at').nullable()
      table.index(['user_id'])
    })
    this.schema.createTable('web_push_keys', (table) => {
      table.integer('id').primary()
      table.string('public_key', 200).notNullable()
      table.text('private_key_encrypted').notNullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('web_push_keys')
    this.schema.dropTable('push_subscriptions')
  }
}
