import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A booking's message thread between its shipper and its carrier (docs/decisions/0230), opened
 * once the booking is paid. Rows are never deleted: the thread is the record both parties can
 * show later. A booking is not deleted either, so the foreign key restricts. `author_side` is
 * the side that wrote (`shipper` or `carrier`); an attachment is a file in Drive under
 * `attachment_path`, sniffed before it was stored. `booking_message_reads` holds each side's
 * read receipt: the newest message it has read. Owned by messages.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('booking_messages', (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('RESTRICT')
      table
        .integer('author_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('RESTRICT')
      table.string('author_side', 16).notNullable()
      table.text('body').notNullable()
      table.string('attachment_path', 255).nullable()
      table.string('attachment_name', 200).nullable()
      table.string('attachment_mime', 64).nullable()
      table.integer('attachment_size').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('edited_at').nullable()
      table.index(['booking_id', 'id'])
    })
    this.schema.createTable('booking_message_reads', (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('bookings')
        .onDelete('RESTRICT')
      table.string('side', 16).notNullable()
      table.integer('last_read_message_id').notNullable()
      table.timestamp('read_at').notNullable()
      table.unique(['booking_id', 'side'])
    })
  }

  async down() {
    this.schema.dropTable('booking_message_reads')
    this.schema.dropTable('booking_messages')
  }
}
