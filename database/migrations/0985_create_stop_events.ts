import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A driver's steps at a booking's stops, from the phone (docs/decisions/0243): arrived at the
 * pickup, loaded, departed, arrived at the delivery, delivered, and exceptions at the delivery.
 * `step` is the type for the five ordered steps and `exception-<n>` for the n-th exception, so
 * one booking records each ordered step once whatever races; `client_key` is the phone's
 * Idempotency-Key, so a step the offline queue sends again is recorded once even after the
 * middleware's 24 hours. `reported_at` is the phone's clock as sent, `recorded_at` the server's
 * (the record). Photos are uploaded first and attached to the step that names them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('stop_events', (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table.string('type', 20).notNullable()
      table.string('step', 24).notNullable()
      table.string('client_key', 255).notNullable()
      table.string('reported_at', 40).nullable()
      table.timestamp('recorded_at').notNullable()
      table.double('latitude').nullable()
      table.double('longitude').nullable()
      table.integer('accuracy_m').nullable()
      table.integer('pieces').nullable()
      table.string('seal_number', 40).nullable()
      table.string('consignee_name', 120).nullable()
      table.string('signature_path', 255).nullable()
      table.string('exception_kind', 16).nullable()
      table.text('exception_note').nullable()
      table.integer('recorded_by').unsigned().notNullable()
      table.integer('member_user_id').unsigned().nullable()
      table.integer('pod_document_id').unsigned().nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['booking_id', 'step'])
      table.unique(['booking_id', 'client_key'])
    })

    this.schema.createTable('stop_event_photos', (table) => {
      table.increments('id')
      table
        .integer('booking_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('bookings')
        .onDelete('CASCADE')
      table
        .integer('stop_event_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('stop_events')
        .onDelete('SET NULL')
      table.string('file_path', 255).notNullable()
      table.string('mime_type', 40).notNullable()
      table.integer('size_bytes').notNullable()
      table.integer('width').nullable()
      table.integer('height').nullable()
      table.integer('uploaded_by').unsigned().notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['booking_id', 'stop_event_id'])
    })
  }

  async down() {
    this.schema.dropTable('stop_event_photos')
    this.schema.dropTable('stop_events')
  }
}
