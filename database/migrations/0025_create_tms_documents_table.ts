import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'tms_documents'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('shipment_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.string('doc_type', 40).notNullable()
      table.integer('stop_number').nullable()
      table.string('file_path', 500).notNullable()
      table.string('mime_type', 100).nullable()
      table
        .integer('uploaded_by')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('uploaded_at').notNullable()
      table.index(['shipment_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
