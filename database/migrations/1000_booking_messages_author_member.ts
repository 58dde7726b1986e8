import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The member who wrote a message (docs/decisions/0246): `author_user_id` stays the company's
 * account user (the side's party, as decision 0230 made it); `author_person_id` is the login
 * that wrote it and `author_role` its company role then (`owner`, `dispatcher`, `driver`,
 * `planner`, ...; null for a login in no company). Older rows keep both null. Added columns
 * only, so SQLite keeps the table. Owned by messages.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('booking_messages', (table) => {
      table.integer('author_person_id').nullable().unsigned().references('id').inTable('users')
      table.string('author_role', 16).nullable()
    })
  }

  async down() {
    this.schema.alterTable('booking_messages', (table) => {
      table.dropForeign(['author_person_id'])
      table.dropColumn('author_person_id')
      table.dropColumn('author_role')
    })
  }
}
