import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'terminals'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('code', 20).notNullable().unique()
      table.string('name', 200).nullable()
      table.string('un_locode', 10).nullable()
      table.string('address', 255).nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
