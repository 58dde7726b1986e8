import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Two-factor sign-in (docs/decisions/0097): the TOTP secret, encrypted with the app key
 * (set when enrolment starts, in force once `two_factor_enabled_at` is set), and the last
 * accepted 30-second step, so a code is never accepted twice. Recovery codes are stored
 * hashed, one row each, used once.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.text('two_factor_secret').nullable()
      table.timestamp('two_factor_enabled_at').nullable()
      table.bigInteger('two_factor_last_step').nullable()
    })
    this.schema.createTable('two_factor_recovery_codes', (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('code_hash', 64).notNullable()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'code_hash'])
    })
  }

  async down() {
    this.schema.dropTable('two_factor_recovery_codes')
    this.schema.alterTable('users', (table) => {
      table.dropColumn('two_factor_secret')
      table.dropColumn('two_factor_enabled_at')
      table.dropColumn('two_factor_last_step')
    })
  }
}
