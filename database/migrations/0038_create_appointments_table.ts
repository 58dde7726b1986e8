import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'appointments'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('drayage_move_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('drayage_moves')
        .onDelete('CASCADE')
      table.timestamp('window_start').notNullable()
      table.timestamp('window_end').notNullable()
      table.string('status', 20).notNullable().defaultTo('REQUESTED')
      table.index(['drayage_move_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
