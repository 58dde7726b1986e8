import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Why an admin revealed a carrier on purpose (docs/decisions/0186). Null for the reveals a
 * payment makes to a shipper. Hashed into the chain only when present, so older rows verify.
 */
export default class extends BaseSchema {
  protected tableName = 'identity_reveal_log'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('reason', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('reason')
    })
  }
}
