import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      table.string('username', 254).notNullable().unique()
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.string('role', 20).notNullable()
      table.string('first_name', 100).nullable()
      table.string('last_name', 100).nullable()
      table.string('phone', 32).nullable()
      table.boolean('is_approved').notNullable().defaultTo(false)
      // pending | approved | rejected: a rejected carrier is told so instead of waiting forever.
      table.string('approval_status', 20).notNullable().defaultTo('pending')
      table
        .integer('reviewed_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('reviewed_at').nullable()
      table.timestamp('terms_accepted_at').nullable()
      table.string('terms_version', 32).nullable()
      table.string('terms_ip', 64).nullable()
      table.text('terms_user_agent').nullable()
      table.string('terms_hash', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['role', 'approval_status'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
