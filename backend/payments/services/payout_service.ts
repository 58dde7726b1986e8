import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import EscrowTransaction from '#payments/models/escrow_transaction'
import LedgerService, { releaseTransaction } from '#payments/services/ledger_service'
import PayoutTransferService from '#payments/services/payout_transfer_service'
import {
  BookingPayouts,
  ExpeditedPayouts,
  type PayoutSubjectKind,
} from '#payments/services/payout_subjects'
import {
  AUTO_RELEASE_HOURS,
  PAYOUT_BATCH as BATCH,
  type PayoutOutcome,
  type ReleaseRunSummary,
} from '#payments/services/payout_rules'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { toCents } from '#core/money'
import '#payments/payout_events'

export {
  AUTO_RELEASE_HOURS,
  MAX_PAYOUT_ATTEMPTS,
  ONBOARDING_HOLD_REASON,
  STALE_CLAIM_MINUTES,
  retryDelayMinutes,
  type PayoutOutcome,
  type ReleaseRunSummary,
} from '#payments/services/payout_rules'

type DueBooking = { id: number; carrier_id: number | null; total_amount: string | number | null }

/**
 * Carrier payouts (docs/decisions/0043, 0111). A delivered, paid booking is released when
 * its shipper completes it or 48 hours after delivery, whichever comes first: the ledger moves
 * the total out of escrow into the platform's 9 percent and the carrier's 91 percent, and
 * payoutStatus goes pending -> released. The transfer then pays the carrier (released -> paid),
 * once per booking (idempotency key `booking-<id>-payout`); a failed transfer is retried with
 * backoff, and a carrier without finished onboarding is held until it finishes.
 *
 * Work is done a batch at a time: one statement releases up to BATCH bookings and one chain
 * append posts their ledger lines; one statement claims up to BATCH payouts, the transfers go
 * out TRANSFER_CONCURRENCY at a time, and one transaction with one chain append records them.
 * Every step is a conditional update, so two runs, or a run racing a completion, cannot
 * release or pay a booking twice; PostgreSQL runs also skip rows another run has locked.
 */
@inject()
export default class PayoutService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private carriers: CarrierProfileService,
    private settlement: BookingSettlementService,
    private transfers: PayoutTransferService,
    private bookings: BookingPayouts,
    private expedited: ExpeditedPayouts
  ) {}

  /** The shipper completed the booking (`booking:completed`): release and pay it now. */
  async releaseCompleted(bookingId: number): Promise<PayoutOutcome | 'not_released'> {
    const released = await this.releaseDue({ bookingId })
    if (released.length === 0) return 'not_released'
    return this.payOut(bookingId)
  }

  /**
   * `node ace payouts:release` and the start command's timer: releases a batch of the bookings
   * due (completed, or delivered at least 48 hours ago), then pays a batch of what is released
   * and due (new releases, retries whose backoff has passed, holds whose carrier has onboarded),
   * then a batch of delivered expedited jobs' payouts due (48 hours after delivery, decision
   * 0188), released on the ledger at delivery, the same way.
   */
  async run(): Promise<ReleaseRunSummary> {
    const released = await this.releaseDue({})
    const summary: ReleaseRunSummary = {
      released,
      paid: [],
      held: [],
      failed: [],
      expedited: { paid: [], held: [], failed: [] },
    }
    for (const { id, outcome } of await this.transfers.payBatch(
      this.bookings,
      { limit: BATCH },
      false
    )) {
      summary[outcome].push(id)
    }
    for (const { id, outcome } of await this.transfers.payBatch(
      this.expedited,
      { limit: BATCH },
      false
    )) {
      summary.expedited[outcome].push(id)
    }
    const { expedited } = summary
    if (
      released.length +
        summary.paid.length +
        summary.failed.length +
        expedited.paid.length +
        expedited.failed.length >
      0
    ) {
      logger.info(
        {
          released: released.length,
          paid: summary.paid.length,
          held: summary.held.length,
          failed: summary.failed.length,
          expeditedPaid: expedited.paid.length,
          expeditedHeld: expedited.held.length,
          expeditedFailed: expedited.failed.length,
        },
        'payout release run'
      )
    }
    return summary
  }

  /**
   * The provider reports the carrier's onboarding complete (its webhook, the Payment Setup
   * poll): recorded on the carrier, and its held payouts are paid now rather than at the next
   * run.
   */
  async carrierOnboarded(carrierId: number): Promise<PayoutOutcome[]> {
    await this.carriers.markStripeOnboardingCompleted(carrierId)
    const results = [
      ...(await this.transfers.payBatch(this.bookings, { limit: BATCH, carrierId }, true)),
      ...(await this.transfers.payBatch(this.expedited, { limit: BATCH, carrierId }, true)),
    ]
    return results.map((result) => result.outcome)
  }

  /**
   * An operator retries a failed payout now (`payouts:release --retry <bookingId>`), also after
   * the automatic attempts ran out. The idempotency key still makes it one transfer.
   */
  async retry(bookingId: number): Promise<PayoutOutcome> {
    if (!(await this.settlement.resetFailedPayout(bookingId))) return 'skipped'
    return this.payOut(bookingId)
  }

  /**
   * The same for an expedited job's failed payout (`payouts:release --retry-expedited <jobId>`);
   * still not before it is due.
   */
  async retryExpedited(jobId: number): Promise<PayoutOutcome> {
    if (!(await this.expedited.resetFailed(jobId))) return 'skipped'
    return this.payOne('expedited', jobId, false)
  }

  /**
   * Claims one booking's payout and transfers 91 percent of its total to the carrier: a batch
   * of one. 'skipped' when another run holds it or it is not payable now.
   */
  async payOut(
    bookingId: number,
    options: { ignoreBackoff?: boolean } = {}
  ): Promise<PayoutOutcome> {
    return this.payOne('booking', bookingId, options.ignoreBackoff ?? false)
  }

  private async payOne(
    kind: PayoutSubjectKind,
    id: number,
    ignoreBackoff: boolean
  ): Promise<PayoutOutcome> {
    const subject = kind === 'booking' ? this.bookings : this.expedited
    const [result] = await this.transfers.payBatch(subject, { limit: 1, id }, ignoreBackoff)
    return result?.outcome ?? 'skipped'
  }

  /* ---------- release: pending -> released ---------- */

  /**
   * Releases up to BATCH due bookings in one transaction: one conditional update, one chain
   * append of their ledger lines, one update of their escrow rows. Answers the ids released,
   * announced after the commit (one event for the batch).
   */
  private async releaseDue(filter: { bookingId?: number }): Promise<number[]> {
    const released = await this.releaseBatch(filter)
    if (released.length > 0) {
      await emitter.emit('payouts:changed', { change: 'released', payouts: released })
    }
    return released.map((payout) => payout.bookingId)
  }

  private releaseBatch(filter: {
    bookingId?: number
  }): Promise<{ bookingId: number; carrierId: number }[]> {
    return writeTransaction(async (trx) => {
      const due = await this.dueForRelease(trx, filter)
      const now = this.clock.now()
      const ids = await this.settlement.releasePayouts(
        trx,
        due.map((booking) => booking.id),
        now
      )
      if (ids.length === 0) return []
      const byId = new Map(due.map((booking) => [booking.id, booking]))
      await this.ledger.postMany(
        trx,
        ids.map((id) => {
          const booking = byId.get(id)!
          return releaseTransaction(id, booking.carrier_id!, toCents(booking.total_amount ?? 0))
        })
      )
      await EscrowTransaction.query({ client: trx })
        .whereIn('shipmentId', ids)
        .where('status', 'HELD')
        .update({ status: 'RELEASED', updated_at: this.stamp(trx, now) })
      return ids.map((id) => ({ bookingId: id, carrierId: byId.get(id)!.carrier_id! }))
    })
  }

  /**
   * Paid, delivered bookings still pending payout that the shipper completed or that were
   * delivered 48 hours ago or earlier, locked for this transaction (PostgreSQL skips rows
   * another run holds).
   */
  private async dueForRelease(
    trx: TransactionClientContract,
    filter: { bookingId?: number }
  ): Promise<DueBooking[]> {
    const cutoff = this.stamp(trx, this.clock.now().minus({ hours: AUTO_RELEASE_HOURS }))
    const query = trx
      .from('bookings')
      .where('status', 'delivered')
      .where('payment_status', 'paid')
      .where('payout_status', 'pending')
      .whereNotNull('carrier_id')
      // held by a cargo claim until it is resolved (docs/decisions/0233)
      .whereNull('claim_hold_claim_id')
      .where((q) => q.whereNotNull('completed_at').orWhere('delivered_at', '<=', cutoff))
      .select('id', 'carrier_id', 'total_amount')
      .orderBy('id')
      .limit(BATCH)
    if (filter.bookingId !== undefined) query.where('id', filter.bookingId)
    if (trx.dialect.name === 'postgres') {
      query.forUpdate()
      // A parallel run takes other rows instead of waiting (SQLite has one writer anyway).
      if (filter.bookingId === undefined) query.skipLocked()
    }
    return (await query) as DueBooking[]
  }

  private stamp(client: { dialect: { dateTimeFormat: string } }, at: DateTime) {
    return at.toFormat(client.dialect.dateTimeFormat)
  }
}
