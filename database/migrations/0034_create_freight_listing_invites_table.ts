import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'freight_listing_invites'

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
      table
        .integer('invited_carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      table.string('token', 128).notNullable().unique()
      table.timestamp('expires_at').notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['listing_id'])
      table.index(['invited_carrier_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
