import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every suspension and reinstatement of an account (docs/decisions/0116): which admin (null for
 * the daily re-vetting), when and why. Rows are only added, never changed. Owned by accounts.
 */
export default class extends BaseSchema {
  protected tableName = 'account_standing_changes'

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
      table
        .integer('admin_user_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      /** suspended or reinstated */
      table.string('action', 12).notNullable()
      table.text('reason').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
