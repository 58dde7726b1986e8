import { BaseSchema } from '@adonisjs/lucid/schema'

/** The provider's message of the last failed attempt, shown on the booking until it is paid. */
export default class extends BaseSchema {
  protected tableName = 'payments'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('failure_message', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('failure_message')
    })
  }
}
