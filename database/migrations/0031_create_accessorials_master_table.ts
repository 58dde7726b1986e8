import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'accessorials_master'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.string('code', 20).notNullable().primary()
      table.string('description', 255).notNullable()
      table.decimal('default_price', 10, 2).notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
