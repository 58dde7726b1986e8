import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Maintained summaries that search, the carrier profile and the freight board read in one
 * query (docs/decisions/0096): per carrier, the published, unhidden reviews (count and each
 * criterion's sum) and the measured delivery record (delivered loads, those judged against a
 * promised date and those on time); per shipper, the carriers' reviews. Rewritten from the
 * source rows whenever a review is published, hidden or restored and whenever a booking is
 * delivered. Owned by reviews.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('carrier_ratings', (table) => {
      table
        .integer('carrier_id')
        .primary()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('CASCADE')
      table.integer('reviews_count').notNullable().defaultTo(0)
      table.integer('on_time_sum').notNullable().defaultTo(0)
      table.integer('communication_sum').notNullable().defaultTo(0)
      table.integer('care_of_freight_sum').notNullable().defaultTo(0)
      table.integer('delivered_loads').notNullable().defaultTo(0)
      table.integer('judged_loads').notNullable().defaultTo(0)
      table.integer('on_time_loads').notNullable().defaultTo(0)
      table.timestamp('updated_at').notNullable()
    })
    this.schema.createTable('shipper_ratings', (table) => {
      table
        .integer('shipper_id')
        .primary()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.integer('reviews_count').notNullable().defaultTo(0)
      table.integer('loading_time_sum').notNullable().defaultTo(0)
      table.integer('description_accuracy_sum').notNullable().defaultTo(0)
      table.integer('payment_sum').notNullable().defaultTo(0)
      table.timestamp('updated_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('shipper_ratings')
    this.schema.dropTable('carrier_ratings')
  }
}
