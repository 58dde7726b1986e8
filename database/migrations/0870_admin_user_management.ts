import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Admin user management (docs/decisions/0210-0213):
 * - `users.last_sign_in_at`, set at each sign-in, and `users.locked_until`, set when failed
 *   sign-ins lock the account (the lock itself is the login throttle's; this column lets admins
 *   list, filter and unlock locked accounts). Owned by accounts.
 * - `admin_audit_log`: every admin action on a user account, with its reason, hash-chained
 *   (docs/decisions/0044) like the ledger and the reveal log. Rows are only added. Owned by admin.
 * - `admin_user_action_requests`: an action on an admin account waits here for a second admin's
 *   confirmation (the two-person rule, decision 0212). Owned by admin.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.timestamp('last_sign_in_at').nullable()
      table.timestamp('locked_until').nullable()
    })
    this.schema.createTable('admin_audit_log', (table) => {
      table.increments('id')
      // Plain ids, no foreign keys: a chained row is never changed, not even by a cascade.
      table.integer('admin_user_id').notNullable()
      /** the second admin who confirmed it (an action on an admin account), else null */
      table.integer('confirmed_by').nullable()
      table.integer('target_user_id').notNullable()
      table.string('action', 32).notNullable()
      table.text('reason').notNullable()
      /** what the action did, as short text (sessions ended, the new email, ...) */
      table.text('detail').nullable()
      table.timestamp('created_at').notNullable()
      table.string('prev_hash', 64).nullable()
      table.string('hash', 64).nullable()
      table.index(['target_user_id', 'created_at'])
    })
    this.schema.createTable('admin_user_action_requests', (table) => {
      table.increments('id')
      table.string('action', 32).notNullable()
      table
        .integer('target_user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table
        .integer('requested_by')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.text('reason').notNullable()
      /** the action's input beyond the reason (JSON), e.g. the new email */
      table.text('payload').nullable()
      /** pending | done | refused */
      table.string('status', 12).notNullable()
      table
        .integer('decided_by')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      /** why a confirmation could not carry the action out */
      table.text('outcome').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('decided_at').nullable()
      table.index(['status', 'created_at'])
      table.index(['target_user_id'])
    })
  }

  async down() {
    this.schema.dropTable('admin_user_action_requests')
    this.schema.dropTable('admin_audit_log')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('last_sign_in_at')
      table.dropColumn('locked_until')
    })
  }
}
