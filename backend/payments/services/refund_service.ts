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

/** A paid booking cancelled before pickup goes back to the card, in full and once. */
@inject()
export default class RefundService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private settlement: BookingSettlementService
  ) {}

  /**
   * A paid booking cancelled (before pickup: the status machine allows nothing later) is
   * refunded in full through the provider, once (idempotency key `booking-<id>-refund`).
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
    const driver = await payments.use()
    const refund = await driver.refund({
      paymentId: booking.stripe_payment_intent_id,
      idempotencyKey: `booking-${booking.id}-refund`,
    })
    if (!refund.ok) {
      logger.error({ bookingId, code: refund.code, message: refund.message }, 'refund failed')
      return
    }
    await writeTransaction((trx) =>
      this.markRefunded(
        booking.id,
        {
          refundId: refund.id,
          paymentId: booking.stripe_payment_intent_id,
          amountCents: refund.amountCents,
          status: refund.status,
        },
        trx
      )
    )
  }
  async markRefunded(bookingId: number, data: RefundEventData, trx: TransactionClientContract) {
    const booking = await lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'paid' || data.status !== 'succeeded') return
    // A partial refund leaves the booking paid; this path only ever refunds in full.
    if (data.amountCents < toCents(booking.total_amount ?? 0)) return
    const now = this.clock.now()
    if (!(await this.settlement.markRefunded(trx, bookingId, now))) return
    const stamp = now.toFormat(trx.dialect.dateTimeFormat)
    await Payment.query({ client: trx })
      .where('shipmentId', bookingId)
      .where('status', 'SUCCEEDED')
      .update({ status: 'REFUNDED', updated_at: stamp })
    await EscrowTransaction.query({ client: trx })
      .where('shipmentId', bookingId)
      .where('status', 'HELD')
      .update({ status: 'REFUNDED', updated_at: stamp })
    await this.ledger.recordRefund(trx, bookingId, data.amountCents, data.refundId)
  }
}
