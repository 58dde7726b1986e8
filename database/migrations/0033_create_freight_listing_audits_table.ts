import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'freight_listing_audits'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('listing_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('freight_listings')
        .onDelete('CASCADE')
      table.string('action', 40).notNullable()
      table
        .integer('actor_user_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('actor_role', 20).nullable()
      table.json('meta').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['listing_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
