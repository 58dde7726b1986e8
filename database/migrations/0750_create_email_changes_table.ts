import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A new sign-in email waits here until the link mailed to it is followed (docs/decisions/0167).
 * The link's token is stored only as its SHA-256, so the table never holds a usable link. A row
 * is pending while `confirmed_at` and `ended_at` are empty and `expires_at` is ahead; a resend
 * gives it a new token and expiry, a new request or a cancel ends it. Owned by accounts.
 */
export default class extends BaseSchema {
  protected tableName = 'email_changes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('new_email', 254).notNullable()
      /** hex SHA-256 of the link's token */
      table.string('token_hash', 64).notNullable().unique()
      /** when the latest link was sent */
      table.timestamp('sent_at').notNullable()
      table.timestamp('expires_at').notNullable()
      table.timestamp('confirmed_at').nullable()
      /** cancelled by the user, or replaced by a newer request */
      table.timestamp('ended_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
