import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'analytics_events'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('name', 100).notNullable()
      table.string('path', 500).nullable()
      table.json('properties').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['name', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
