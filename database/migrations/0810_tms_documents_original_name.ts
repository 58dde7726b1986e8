import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The name a carrier's upload had on their machine, sanitised, shown in the Document Hub and
 * sent back as the download's file name; the storage key stays random (docs/decisions/0184).
 * Null for uploads made before this column: they keep showing the storage key's name.
 */
export default class extends BaseSchema {
  protected tableName = 'tms_documents'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('original_name', 160).nullable()
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropColumn('original_name')
    })
  }
}
