import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, takeWriteLock, transaction } from '#core/transactions'
import LoadFundingService from '#payments/services/load_funding_service'
import FreightAuditService, { SYSTEM } from '#freight_board/services/freight_audit_service'

/**
 * What happens to loads by the clock or by another module's event, not by a carrier's click:
 * holds and loads expiring, the charge of a load cancelled or expired while funded going back
 * to the card, a claimed load returning to the board when its booking is cancelled, and a
 * suspended carrier's holds dropping.
 */
@inject()
export default class FreightLifecycleService {
  constructor(
    private clock: Clock,
    private audits: FreightAuditService,
    private fundings: LoadFundingService
  ) {}

  /**
   * A claimed load whose booking was cancelled (the shipper cancelled, or the payment deadline
   * passed) goes back on the board (docs/decisions/0061).
   */
  async reopenForCancelledBooking(bookingId: number) {
    const now = this.clock.now()
    const listingId = await transaction(async (trx) => {
      await takeWriteLock(trx)
      const load = await trx
        .from('freight_listings')
        .where('shipment_id', bookingId)
        .where('status', 'CLAIMED')
        .select('id')
        .first()
      if (!load) return null
      const stamp = sqlTimestamp(now, trx)
      const updated = await trx
        .from('freight_listings')
        .where('id', load.id)
        .where('status', 'CLAIMED')
        .update({
          status: 'OPEN',
          carrier_id: null,
          shipment_id: null,
          claimed_at: null,
          // Its charge, if it was funded, paid the cancelled booking and is refunded with it.
          payment_status: 'UNFUNDED',
          updated_at: stamp,
        })
      if (rowCount(updated) !== 1) return null
      await this.audits.record(
        Number(load.id),
        'reopened',
        SYSTEM,
        now,
        { booking_id: bookingId },
        trx
      )
      return Number(load.id)
    })
    if (listingId !== null)
      await emitter.emit('freight:changed', { type: 'reopened', id: listingId })
    return listingId
  }

  /**
   * A suspended carrier's holds drop at once (decision 0116): cleared, each recorded as
   * `released` by the system with the reason, and every board told. Returns the loads released.
   */
  async releaseHoldsOfSuspended(carrierId: number, reason: string): Promise<number[]> {
    const now = this.clock.now()
    const released: number[] = []
    await transaction(async (trx) => {
      await takeWriteLock(trx)
      const stamp = sqlTimestamp(now, trx)
      const held = await trx
        .from('freight_listings')
        .where('hold_carrier_id', carrierId)
        .where('hold_expires_at', '>', stamp)
        .where('status', 'OPEN')
        .select('id')
      for (const row of held) {
        const updated = await trx
          .from('freight_listings')
          .where('id', row.id)
          .where('hold_carrier_id', carrierId)
          .update({ hold_carrier_id: null, hold_expires_at: null, updated_at: stamp })
        if (rowCount(updated) !== 1) continue
        await this.audits.record(
          Number(row.id),
          'released',
          SYSTEM,
          now,
          { carrier_id: carrierId, reason: 'carrier_suspended', detail: reason },
          trx
        )
        released.push(Number(row.id))
      }
    })
    for (const id of released) await emitter.emit('freight:changed', { type: 'released', id })
    return released
  }

  /**
   * Records expired holds (audit `expired` with `{ hold: true }`, hold columns cleared) and
   * expired loads (status EXPIRED). Conditional updates, so concurrent runs record each once.
   */
  async expire(): Promise<{ holds: number[]; loads: number[]; refunds: number[] }> {
    const now = this.clock.now()
    const result = { holds: [] as number[], loads: [] as number[], refunds: [] as number[] }
    await transaction(async (trx) => {
      await takeWriteLock(trx)
      const stamp = sqlTimestamp(now, trx)
      const holds = await trx
        .from('freight_listings')
        .whereNotNull('hold_carrier_id')
        .where('hold_expires_at', '<=', stamp)
        .select('id', 'hold_carrier_id')
        .limit(1000)
      for (const row of holds) {
        const updated = await trx
          .from('freight_listings')
          .where('id', row.id)
          .where('hold_carrier_id', row.hold_carrier_id)
          .where('hold_expires_at', '<=', stamp)
          .update({ hold_carrier_id: null, hold_expires_at: null, updated_at: stamp })
        if (rowCount(updated) !== 1) continue
        await this.audits.record(
          Number(row.id),
          'expired',
          SYSTEM,
          now,
          { hold: true, carrier_id: Number(row.hold_carrier_id) },
          trx
        )
        result.holds.push(Number(row.id))
      }
      const loads = await trx
        .from('freight_listings')
        .where('status', 'OPEN')
        .where('expires_at', '<=', stamp)
        .select('id')
        .limit(1000)
      for (const row of loads) {
        const updated = await trx
          .from('freight_listings')
          .where('id', row.id)
          .where('status', 'OPEN')
          .update({
            status: 'EXPIRED',
            hold_carrier_id: null,
            hold_expires_at: null,
            updated_at: stamp,
          })
        if (rowCount(updated) !== 1) continue
        await this.audits.record(Number(row.id), 'expired', SYSTEM, now, { hold: false }, trx)
        result.loads.push(Number(row.id))
      }
    })
    for (const id of new Set([...result.holds, ...result.loads])) {
      await emitter.emit('freight:changed', { type: 'expired', id })
    }
    result.refunds = await this.refundUnclaimedFunding()
    return result
  }

  /**
   * Loads cancelled or expired while funded get their charge back to the card; one whose
   * refund failed at the provider is tried again on the next run. Returns the loads refunded.
   */
  async refundUnclaimedFunding(): Promise<number[]> {
    const owed = await db
      .from('freight_listings')
      .whereIn('status', ['CANCELLED', 'EXPIRED'])
      .where('payment_status', 'FUNDED')
      .orderBy('id', 'asc')
      .limit(100)
      .select('id')
    const refunded: number[] = []
    for (const row of owed) {
      if (await this.fundings.refund(Number(row.id))) refunded.push(Number(row.id))
    }
    return refunded
  }
}
