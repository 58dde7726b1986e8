import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Every moderation of a review (docs/decisions/0095): which admin hid or restored it, when and
 * why. Rows are only added, never changed. Owned by reviews.
 */
export default class extends BaseSchema {
  protected tableName = 'review_moderations'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('review_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('reviews')
        .onDelete('CASCADE')
      table
        .integer('admin_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /** hide or restore */
      table.string('action', 10).notNullable()
      table.text('reason').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['review_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
