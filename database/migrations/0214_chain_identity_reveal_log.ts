import { BaseSchema } from '@adonisjs/lucid/schema'

/** Each identity reveal carries the hash of its content and of the row before it. */
export default class extends BaseSchema {
  protected tableName = 'identity_reveal_log'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('prev_hash', 64).nullable()
      table.string('hash', 64).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('prev_hash')
      table.dropColumn('hash')
    })
  }
}
