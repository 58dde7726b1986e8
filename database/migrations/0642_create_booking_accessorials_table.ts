import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A booking's accessorial charges (docs/decisions/0131): asked for at booking, or added
 * afterwards by the carrier with evidence (a note, a document, timestamps), detention among
 * them. Priced by the server from accessorials_master. Owned by finance.
 */
export default class extends BaseSchema {
  protected tableName = 'booking_accessorials'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.string('code', 20).notNullable()
      table.string('description', 255).notNullable()
      table.decimal('quantity', 8, 2).notNullable()
      table.decimal('unit_price', 10, 2).notNullable()
      table.decimal('amount', 12, 2).notNullable()
      /** BOOKING (asked for when booking) or CARRIER (added afterwards) */
      table.string('source', 10).notNullable()
      table.string('note', 500).nullable()
      /** tms_documents.id of the carrier's evidence upload */
      table.integer('document_id').nullable().unsigned()
      /** PICKUP or DELIVERY for detention */
      table.string('stop', 10).nullable()
      table.timestamp('started_at').nullable()
      table.timestamp('ended_at').nullable()
      table.integer('created_by_user_id').nullable().unsigned()
      table.timestamp('created_at').notNullable()
      table.index(['booking_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
