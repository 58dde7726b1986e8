import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An expedited request is paid before it is offered (docs/decisions/0188): each card attempt
 * for a job (`expedited_payments`, owned by payments, shaped like `load_fundings`), and the
 * job's own payment state (logistics'): pending, failed (with the provider's message), paid,
 * refunded. Null on jobs requested before payments existed (settled off the platform).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('expedited_payments', (table) => {
      table.increments('id')
      table
        .integer('expedited_job_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('expedited_jobs')
        .onDelete('CASCADE')
      table.integer('shipper_id').notNullable().unsigned().references('id').inTable('users')
      table.string('payment_intent_id', 255).notNullable().unique()
      table.string('charge_id', 255).nullable()
      table.bigInteger('amount_cents').notNullable()
      /** INIT, SUCCEEDED (held for the job), FAILED (retryable), REFUNDED */
      table.string('status', 20).notNullable().defaultTo('INIT')
      table.string('failure_message', 500).nullable()
      table.string('refund_id', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['expedited_job_id', 'status'])
    })
    this.schema.alterTable('expedited_jobs', (table) => {
      table.string('payment_status', 20).nullable()
      table.string('payment_failure', 500).nullable()
      table.timestamp('paid_at').nullable()
      table.timestamp('refunded_at').nullable()
      table.timestamp('expired_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('expedited_jobs', (table) => {
      table.dropColumn('payment_status')
      table.dropColumn('payment_failure')
      table.dropColumn('paid_at')
      table.dropColumn('refunded_at')
      table.dropColumn('expired_at')
    })
    this.schema.dropTable('expedited_payments')
  }
}
