import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'carriers'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('user_id')
        .notNullable()
        .unsigned()
        .unique()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('company_name', 200).notNullable()
      table.string('dot_number', 20).nullable()
      table.string('mc_number', 20).nullable()
      table.string('insurance_document').nullable()
      table.string('business_address', 255).nullable()
      table.string('city', 100).nullable()
      table.string('state', 2).nullable()
      table.string('zip_code', 10).nullable()
      table.decimal('latitude', 11, 8).nullable()
      table.decimal('longitude', 11, 8).nullable()
      table.string('stripe_account_id').nullable()
      table.boolean('stripe_onboarding_completed').notNullable().defaultTo(false)
      table.string('scac', 4).nullable()
      table
        .json('mode_mask')
        .notNullable()
        .defaultTo(JSON.stringify(['LTL', 'TL', 'DRAY', 'INTL', 'EXP']))
      table.boolean('verified').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
