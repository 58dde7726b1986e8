import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'fuel_indices'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.date('index_date').notNullable().unique()
      table.decimal('fsc_pct', 5, 2).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
