import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The member who acted (docs/decisions/0223): a booking's status change and an identity reveal
 * record the company's account user as before (`changed_by`, `viewer_id`) and, beside it, the
 * login of the member who made the request. Null on older rows and where the account user
 * acted itself through no member login.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('booking_status_changes', (table) => {
      table.integer('actor_user_id').nullable()
    })
    this.schema.alterTable('identity_reveal_log', (table) => {
      table.integer('actor_user_id').nullable()
    })
  }

  async down() {
    this.schema.alterTable('booking_status_changes', (table) => {
      table.dropColumn('actor_user_id')
    })
    this.schema.alterTable('identity_reveal_log', (table) => {
      table.dropColumn('actor_user_id')
    })
  }
}
