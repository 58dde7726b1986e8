import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What visitors and users send through the contact form (docs/decisions/0185): stored, mailed to
 * the operators' inbox and listed for admins. Owned by accounts.
 */
export default class extends BaseSchema {
  protected tableName = 'contact_messages'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      table.string('email', 254).notNullable()
      table.string('company', 120).nullable()
      table.string('subject', 200).notNullable()
      table.text('message').notNullable()
      /** the signed-in sender, when there was one */
      table
        .integer('user_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
