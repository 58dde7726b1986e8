import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'external_quotes'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('provider', 40).notNullable()
      table.string('request_hash', 64).notNullable()
      table.json('response').nullable()
      table.decimal('base_total', 12, 2).nullable()
      table.decimal('total_with_surcharge', 12, 2).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['provider', 'request_hash'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
