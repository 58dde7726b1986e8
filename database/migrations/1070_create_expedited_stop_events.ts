import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A driver's steps at an expedited job's stops, from the phone (docs/decisions/0263): the
 * booking's steps (migration 0985, decision 0243) with the job as their subject. `step` is the
 * type, or `exception-<n>`, unique per job; `client_key` the phone's Idempotency-Key, unique per
 * job. The delivery's signed proof of delivery is a PDF under the job's files (`pod_path`): the
 * Document Hub's `documents` are a booking's.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('expedited_stop_events', (table) => {
      table.increments('id')
      table
        .integer('expedited_job_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('expedited_jobs')
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
      table.string('pod_path', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['expedited_job_id', 'step'])
      table.unique(['expedited_job_id', 'client_key'])
    })

    this.schema.createTable('expedited_stop_event_photos', (table) => {
      table.increments('id')
      table
        .integer('expedited_job_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('expedited_jobs')
        .onDelete('CASCADE')
      table
        .integer('stop_event_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('expedited_stop_events')
        .onDelete('SET NULL')
      table.string('file_path', 255).notNullable()
      table.string('mime_type', 40).notNullable()
      table.integer('size_bytes').notNullable()
      table.integer('width').nullable()
      table.integer('height').nullable()
      table.integer('uploaded_by').unsigned().notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['expedited_job_id', 'stop_event_id'])
    })
  }

  async down() {
    this.schema.dropTable('expedited_stop_event_photos')
    this.schema.dropTable('expedited_stop_events')
  }
}
