import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Reviews of a completed booking, one per side (docs/decisions/0094): the shipper rates the
 * carrier (on time, communication, care of freight), the carrier rates the shipper (loading
 * time and detention, accuracy of the load's description, payment), each 1-5, with a comment.
 * The unique (booking, author role) makes a double submit one row. `published_at` is set when
 * both sides have written or the window has closed; `hidden_*` when an admin hid it for abuse.
 * Owned by reviews.
 */
export default class extends BaseSchema {
  protected tableName = 'reviews'

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
      /** shipper (reviews the carrier) or carrier (reviews the shipper) */
      table.string('author_role', 10).notNullable()
      table
        .integer('author_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      /** the booking's shipper (users.id) and carrier (carriers.id) */
      table
        .integer('shipper_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('carrier_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      // The shipper's review of the carrier.
      table.smallint('on_time').nullable()
      table.smallint('communication').nullable()
      table.smallint('care_of_freight').nullable()
      // The carrier's review of the shipper.
      table.smallint('loading_time').nullable()
      table.smallint('description_accuracy').nullable()
      table.smallint('payment').nullable()
      table.text('comment').notNullable()
      table.timestamp('window_closes_at').notNullable()
      table.timestamp('published_at').nullable()
      table.timestamp('hidden_at').nullable()
      table.text('hidden_reason').nullable()
      table.integer('hidden_by').nullable().unsigned().references('id').inTable('users')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.unique(['booking_id', 'author_role'])
      table.index(['carrier_id', 'author_role'])
      table.index(['shipper_id', 'author_role'])
      table.index(['published_at', 'window_closes_at'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
