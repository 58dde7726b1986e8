import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A job run's duration as the runner measured it, in milliseconds: `finished_at - started_at`
 * read 0 ms or 1000 ms on SQLite, which keeps timestamps to the second (docs/decisions/0183).
 * Runs recorded before this have none and are read from their timestamps. Owned by operations.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('job_runs', (table) => {
      table.integer('duration_ms').nullable()
    })
  }

  async down() {
    this.schema.alterTable('job_runs', (table) => {
      table.dropColumn('duration_ms')
    })
  }
}
