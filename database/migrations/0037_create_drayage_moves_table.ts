import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'drayage_moves'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('container_no', 20).notNullable()
      // no foreign key: moves may reference terminals not (yet) in our terminals list
      table.string('terminal_code', 20).notNullable()
      table.timestamp('gate_in').nullable()
      table.timestamp('gate_out').nullable()
      table.integer('free_days').notNullable().defaultTo(2)
      table.decimal('demurrage_per_day', 10, 2).notNullable().defaultTo(175)
      table.decimal('per_diem_per_day', 10, 2).notNullable().defaultTo(95)
      table.date('last_free_day').nullable()
      table.decimal('total_demurrage', 12, 2).notNullable().defaultTo(0)
      table.decimal('total_per_diem', 12, 2).notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['container_no'])
      table.index(['terminal_code'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
