import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The member who acted, beside the company (docs/decisions/0223 and 0246), where it was
 * missing: a load's audit trail (`freight_listing_audits.member_user_id`; `actor_user_id` stays
 * the company's account user), the login that last made, countered, accepted or declined an
 * offer (`freight_offers.last_by_user_id`), a cargo claim's steps
 * (`cargo_claim_audits.actor_user_id`, hashed into the claim chain only when present, so older
 * rows verify) and the login that replaced a payout account (`payout_holds.changed_by`). Null
 * on older rows and where no member acted (the system, an admin). Added columns only.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('freight_listing_audits', (table) => {
      table.integer('member_user_id').nullable()
    })
    this.schema.alterTable('freight_offers', (table) => {
      table.integer('last_by_user_id').nullable()
    })
    this.schema.alterTable('cargo_claim_audits', (table) => {
      table.integer('actor_user_id').nullable()
    })
    this.schema.alterTable('payout_holds', (table) => {
      table.integer('changed_by').nullable()
    })
  }

  async down() {
    this.schema.alterTable('freight_listing_audits', (table) => {
      table.dropColumn('member_user_id')
    })
    this.schema.alterTable('freight_offers', (table) => {
      table.dropColumn('last_by_user_id')
    })
    this.schema.alterTable('cargo_claim_audits', (table) => {
      table.dropColumn('actor_user_id')
    })
    this.schema.alterTable('payout_holds', (table) => {
      table.dropColumn('changed_by')
    })
  }
}
