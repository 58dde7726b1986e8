import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { FundedLoads, type LoadOnFunding } from '#payments/contracts/funded_loads'
import { sqlTimestamp } from '#core/timestamps'
import FreightAuditService, { SYSTEM } from '#freight_board/services/freight_audit_service'
import { rowCount } from '#core/transactions'

/**
 * The freight board's answers to payments' FundedLoads contract: a load's `payment_status`
 * and its audit trail follow its card charge (docs/decisions/0069). Live boards hear of a
 * change once the webhook's transaction commits.
 */
@inject()
export default class FundedLoadsProvider extends FundedLoads {
  constructor(private audits: FreightAuditService) {
    super()
  }

  async funded(
    trx: TransactionClientContract,
    listingId: number,
    meta: { amountCents: number; at: DateTime }
  ): Promise<LoadOnFunding> {
    const load = await trx
      .from('freight_listings')
      .where('id', listingId)
      .select('status', 'shipment_id')
      .forUpdate()
      .first()
    if (!load) return { state: 'gone' }
    const stamp = sqlTimestamp(meta.at, trx)
    const open =
      load.status === 'OPEN' &&
      Boolean(
        await trx
          .from('freight_listings')
          .where('id', listingId)
          .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', stamp))
          .select('id')
          .first()
      )
    const claimed = load.status === 'CLAIMED' && load.shipment_id !== null
    if (!open && !claimed) return { state: 'gone' }
    const updated = await trx
      .from('freight_listings')
      .where('id', listingId)
      .where('payment_status', 'UNFUNDED')
      .update({ payment_status: 'FUNDED', updated_at: stamp })
    if (rowCount(updated) === 1) {
      await this.audits.record(
        listingId,
        'funded',
        SYSTEM,
        meta.at,
        { amount_cents: meta.amountCents },
        trx
      )
      this.announce(trx, listingId)
    }
    return claimed ? { state: 'claimed', bookingId: Number(load.shipment_id) } : { state: 'funded' }
  }

  async fundingFailed(
    trx: TransactionClientContract,
    listingId: number,
    meta: { message: string; at: DateTime }
  ) {
    await this.audits.record(
      listingId,
      'funding_failed',
      SYSTEM,
      meta.at,
      { message: meta.message },
      trx
    )
  }

  async refunded(
    trx: TransactionClientContract,
    listingId: number,
    meta: { amountCents: number; at: DateTime }
  ) {
    const updated = await trx
      .from('freight_listings')
      .where('id', listingId)
      .where('payment_status', 'FUNDED')
      .whereNot('status', 'CLAIMED')
      .update({ payment_status: 'REFUNDED', updated_at: sqlTimestamp(meta.at, trx) })
    if (rowCount(updated) !== 1) return
    await this.audits.record(
      listingId,
      'refunded',
      SYSTEM,
      meta.at,
      { amount_cents: meta.amountCents },
      trx
    )
  }

  private announce(trx: TransactionClientContract, listingId: number) {
    trx.after('commit', () => {
      void emitter.emit('freight:changed', { type: 'funded', id: listingId })
    })
  }
}
