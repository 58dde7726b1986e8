import { BaseSchema } from '@adonisjs/lucid/schema'

/** A carrier cannot register the same license plate twice (plates are stored upper-cased). */
export default class extends BaseSchema {
  protected tableName = 'trucks'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.unique(['carrier_id', 'license_plate'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['carrier_id', 'license_plate'])
    })
  }
}
