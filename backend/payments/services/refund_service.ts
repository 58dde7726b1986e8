import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type { RefundEventData } from '#plugins/payments/main'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import LedgerService from '#payments/services/ledger_service'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { toCents } from '#core/money'
import { BOOKING_COLUMNS, lockBooking, type BookingRow } from '#payments/services/payment_service'
import PayoutService from '#payments/services/payout_service'

/**
 * A paid booking cancelled before pickup goes back to the card, once: in full, or less the
 * late-cancel fee it kept for its carrier (docs/decisions/0042, 0178). The fee is released to
 * the carrier in the same transaction and paid out through the normal payout path.
 */
@inject()
export default class RefundService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private settlement: BookingSettlementService,
    private payouts: PayoutService
  ) {}

  /**
   * A paid booking cancelled (before pickup: the status machine allows nothing later) is
   * refunded through the provider, once (idempotency key `booking-<id>-refund`): its total
   * less the late-cancel fee the cancellation kept. The fee's payout goes out right after.
   */
  async refundCancelled(bookingId: number): Promise<void> {
    const booking = (await db
      .from('bookings')
      .where('id', bookingId)
      .select(BOOKING_COLUMNS)
      .first()) as BookingRow | null
    if (!booking || booking.status !== 'cancelled' || booking.payment_status !== 'paid') return
    if (!booking.stripe_payment_intent_id) {
      logger.warn({ bookingId }, 'paid booking cancelled without a payment intent: not refunded')
      return
    }
    const refundCents = refundDue(booking)
    let data: RefundEventData = {
      refundId: 'none',
      paymentId: booking.stripe_payment_intent_id,
      amountCents: 0,
      status: 'succeeded',
    }
    if (refundCents > 0) {
      const driver = await payments.use()
      const refund = await driver.refund({
        paymentId: booking.stripe_payment_intent_id,
        amountCents: refundCents,
        idempotencyKey: `booking-${booking.id}-refund`,
      })
      if (!refund.ok) {
        logger.error({ bookingId, code: refund.code, message: refund.message }, 'refund failed')
        return
      }
      data = {
        ...data,
        refundId: refund.id,
        amountCents: refund.amountCents,
        status: refund.status,
      }
    }
    await writeTransaction((trx) => this.markRefunded(booking.id, data, trx))
    // The refund's webhook may have recorded it (and released the fee) first: pay it either way.
    if (feeOf(booking) > 0) await this.payFee(booking.id)
  }

  /**
   * Records the refund (its webhook or the call's answer; whichever comes second changes
   * nothing) and releases a late-cancel fee. Answers whether it released one now.
   */
  async markRefunded(
    bookingId: number,
    data: RefundEventData,
    trx: TransactionClientContract
  ): Promise<boolean> {
    const booking = await lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'paid' || data.status !== 'succeeded') return false
    // A delivered booking's refunds are a cargo claim's (decisions 0233, 0254), recorded by the
    // claim's own step: never the cancellation's full refund, however much they come to.
    if (booking.status === 'delivered') return false
    // Anything less than what is due leaves the booking paid.
    if (data.amountCents < refundDue(booking)) return false
    const now = this.clock.now()
    if (!(await this.settlement.markRefunded(trx, bookingId, now))) return false
    const stamp = now.toFormat(trx.dialect.dateTimeFormat)
    await Payment.query({ client: trx })
      .where('shipmentId', bookingId)
      .where('status', 'SUCCEEDED')
      .update({ status: 'REFUNDED', updated_at: stamp })
    await EscrowTransaction.query({ client: trx })
      .where('shipmentId', bookingId)
      .where('status', 'HELD')
      .update({ status: 'REFUNDED', updated_at: stamp })
    if (data.amountCents > 0) {
      await this.ledger.recordRefund(trx, bookingId, data.amountCents, data.refundId)
    }
    const fee = feeOf(booking)
    if (fee === 0 || booking.carrier_id === null) return false
    if (!(await this.settlement.releaseCancellationFee(trx, bookingId, now))) return false
    // The fee leaves escrow like a release: 91 % payable to the carrier, 9 % the platform's.
    await this.ledger.recordRelease(trx, bookingId, booking.carrier_id, fee)
    return true
  }

  /** Pays a released late-cancel fee now; a failure is retried by the payout run. */
  private async payFee(bookingId: number) {
    try {
      await this.payouts.payOut(bookingId)
    } catch (error) {
      logger.error({ err: error, bookingId }, 'late-cancel fee payout failed; the run retries it')
    }
  }
}

/** A cancelled booking's late-cancel fee, cents (0 when none). */
function feeOf(booking: BookingRow): number {
  return booking.status === 'cancelled' ? Number(booking.cancellation_fee_cents ?? 0) : 0
}

/** What goes back to the card: the total less the fee. */
function refundDue(booking: BookingRow): number {
  return toCents(booking.total_amount ?? 0) - feeOf(booking)
}
