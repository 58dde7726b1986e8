import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Scheduled work run once across instances (docs/decisions/0140): one lease row per job, taken
 * by a conditional update for each tick, and a row per run with its outcome and counts. Owned by
 * operations.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('job_leases', (table) => {
      table.string('job', 64).primary()
      /** the earliest time the next tick may start, on any instance */
      table.timestamp('next_run_at').notNullable()
      /** the instance running it now, until `held_until` (a crashed holder's lease lapses) */
      table.string('holder', 128).nullable()
      table.timestamp('held_until').nullable()
    })
    this.schema.createTable('job_runs', (table) => {
      table.increments('id')
      table.string('job', 64).notNullable()
      table.string('instance', 128).notNullable()
      table.timestamp('started_at').notNullable()
      table.timestamp('finished_at').nullable()
      /** running, ok or failed */
      table.string('outcome', 12).notNullable().defaultTo('running')
      /** JSON: what the run did, by name */
      table.text('counts').nullable()
      table.text('error').nullable()
      table.index(['job', 'id'])
      table.index(['outcome', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('job_runs')
    this.schema.dropTable('job_leases')
  }
}
