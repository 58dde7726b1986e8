import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Idempotency-Key records (docs/decisions/0052): the first answer to a money or capacity create,
 * replayed to a retry with the same key. Owned by core.
 */
export default class extends BaseSchema {
  protected tableName = 'idempotency_keys'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.integer('user_id').unsigned().notNullable()
      table.string('scope', 120).notNullable()
      table.string('key', 255).notNullable()
      table.string('fingerprint', 64).notNullable()
      table.string('state', 12).notNullable()
      table.integer('response_status').nullable()
      table.text('response_body').nullable()
      table.timestamp('created_at').notNullable()
      table.unique(['user_id', 'scope', 'key'])
      table.index(['created_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
