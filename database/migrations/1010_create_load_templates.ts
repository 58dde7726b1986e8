import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A shipper company's load templates (docs/decisions/0248): a named copy of the post-load form
 * without its dates, posted again from the form. Owned by freight_board. A name is unique per
 * company (its account user, decision 0223).
 */
export default class extends BaseSchema {
  protected tableName = 'load_templates'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('owner_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('name', 100).notNullable()
      /** the post-load form's body without pickup_earliest and delivery_latest, as JSON text */
      table.text('form').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['owner_user_id', 'name'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
