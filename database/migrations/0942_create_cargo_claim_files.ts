import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Evidence on a cargo claim (docs/decisions/0245): photos and documents either party attaches
 * while the claim is open, stored through Drive at `path`; `side` is the party that attached
 * it, `uploaded_by` the login that did (a member acting for its company, decision 0223).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('cargo_claim_files', (table) => {
      table.increments('id')
      table
        .integer('claim_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('cargo_claims')
        .onDelete('CASCADE')
      table.string('side', 8).notNullable()
      table.integer('uploaded_by').unsigned().nullable()
      table.string('path', 500).notNullable()
      table.string('file_name', 200).notNullable()
      table.string('mime_type', 40).notNullable()
      table.integer('size').notNullable()
      table.string('sha256', 64).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['claim_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('cargo_claim_files')
  }
}
