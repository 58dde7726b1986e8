import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A link to set a new password waits here until it is used (docs/decisions/0216): asked for with
 * "Forgot password?" or sent when an admin forces a reset. The link's token is stored only as
 * its SHA-256, so the table never holds a usable link. A row works while `used_at` and
 * `ended_at` are empty and `expires_at` is ahead; a newer link of the same account ends it.
 * Owned by accounts.
 */
export default class extends BaseSchema {
  protected tableName = 'password_resets'

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
      /** hex SHA-256 of the link's token */
      table.string('token_hash', 64).notNullable().unique()
      /** the admin who forced the reset, else null (the user asked) */
      table.integer('admin_user_id').nullable()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      /** replaced by a newer link */
      table.timestamp('ended_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
