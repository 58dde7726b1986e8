import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Server-side sessions (docs/decisions/0051): the cookie holds only the session id, so a
 * session ended by logout or a password change can never be replayed.
 */
export default class extends BaseSchema {
  protected tableName = 'sessions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('id').primary()
      table.text('data').notNullable()
      table.string('user_id').nullable().index()
      table.timestamp('expires_at').notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
