import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'bookings'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      // Money history must survive: an account with bookings cannot be deleted. Bookings are
      // never hard-deleted by the app (cancelled is a status), so their children cascade.
      table
        .integer('shipper_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('RESTRICT')
      table
        .integer('carrier_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('carriers')
        .onDelete('RESTRICT')
      table
        .integer('truck_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('trucks')
        .onDelete('SET NULL')
      table
        .integer('listing_id')
        .nullable()
        .unsigned()
        .references('id')
        .inTable('listings')
        .onDelete('SET NULL')
      table.string('booking_type', 30).nullable()
      table.string('pickup_address', 255).nullable()
      table.string('pickup_city', 100).nullable()
      table.string('pickup_state', 2).nullable()
      table.string('pickup_zip', 10).nullable()
      table.decimal('pickup_latitude', 11, 8).nullable()
      table.decimal('pickup_longitude', 11, 8).nullable()
      table.string('delivery_address', 255).nullable()
      table.string('delivery_city', 100).nullable()
      table.string('delivery_state', 2).nullable()
      table.string('delivery_zip', 10).nullable()
      table.decimal('delivery_latitude', 11, 8).nullable()
      table.decimal('delivery_longitude', 11, 8).nullable()
      table.integer('number_of_pallets').notNullable()
      table.decimal('distance', 10, 2).nullable()
      table.decimal('rate_per_mile_per_pallet', 8, 2).nullable()
      table.decimal('total_amount', 10, 2).nullable()
      // pending | booked | confirmed | in_transit | delivered | delayed | cancelled
      table.string('status', 20).notNullable().defaultTo('booked')
      table.string('payment_status', 20).notNullable().defaultTo('pending')
      // pending | released | paid | failed
      table.string('payout_status', 20).notNullable().defaultTo('pending')
      table.string('stripe_payment_intent_id').nullable().unique()
      table.string('stripe_transfer_id').nullable()
      table.timestamp('payment_confirmed_at').nullable()
      table.timestamp('payout_released_at').nullable()
      table.string('payout_failure_reason', 500).nullable()
      table.date('pickup_date').nullable()
      table.date('delivery_date').nullable()
      table.text('special_instructions').nullable()
      table.string('provider', 40).notNullable().defaultTo('internal')
      table.string('partner_quote_id').nullable()
      table.string('partner_shipment_id').nullable()
      table.string('partner_pro_number').nullable()
      table.string('partner_tracking_url', 500).nullable()
      table.json('partner_payload').nullable()
      table.timestamp('pickup_window_start').nullable()
      table.timestamp('pickup_window_end').nullable()
      table.string('pickup_confirmation_number').nullable()
      table.timestamp('pickup_confirmed_at').nullable()
      table.string('bol_url', 500).nullable()
      table.string('invoice_url', 500).nullable()
      // delivery confirmation time: the 48-hour payout clock starts here
      table.timestamp('delivered_at').nullable()
      table.timestamp('completed_at').nullable()
      table.timestamp('cancelled_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['shipper_id'])
      table.index(['carrier_id'])
      table.index(['status'])
      table.index(['listing_id'])
      // payouts:release scans pending payouts by delivery time
      table.index(['payout_status', 'delivered_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
