import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Revised rate confirmations (docs/decisions/0250): a booking keeps every rate confirmation it
 * was issued. The first is revision 0 (`RC-<year>-<id>`), each change after it is revision n
 * (`RC-<year>-<id>-R<n>`); an earlier one is kept with `superseded_at` set. One row per
 * booking and revision (the unique pair), so two revisions issued at once get distinct
 * numbers. `reason` says what changed; `holds_pickup` is false for a revision issued after
 * the pickup, whose acceptance is asked but holds nothing. Owned by marketplace.
 */
export default class extends BaseSchema {
  protected tableName = 'rate_confirmations'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.integer('revision').notNullable().defaultTo(0)
      table.timestamp('superseded_at').nullable()
      table.string('reason', 300).nullable()
      /** issued before the pickup was reported: its acceptance holds the pickup (0250) */
      table.boolean('holds_pickup').notNullable().defaultTo(true)
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['booking_id'])
      table.unique(['booking_id', 'revision'])
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropUnique(['booking_id', 'revision'])
    })
    this.defer(async (client) => {
      await client.from(this.tableName).where('revision', '>', 0).delete()
    })
    this.schema.alterTable(this.tableName, (table) => {
      table.unique(['booking_id'])
      table.dropColumn('holds_pickup')
      table.dropColumn('reason')
      table.dropColumn('superseded_at')
      table.dropColumn('revision')
    })
  }
}
