import { BaseSchema } from '@adonisjs/lucid/schema'

/** The expiry date of the carrier's uploaded insurance certificate (`insurance_document`). */
export default class extends BaseSchema {
  protected tableName = 'carriers'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.date('insurance_expires_on').nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('insurance_expires_on')
    })
  }
}
