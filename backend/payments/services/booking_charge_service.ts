import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import BookingStatusService from '#marketplace/services/booking_status_service'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import LedgerService from '#payments/services/ledger_service'
import { Clock } from '#core/clock'
import { fromCents, toCents } from '#core/money'
import { lockBooking } from '#payments/services/booking_rows'

/** A succeeded card charge, as the provider reported it. */
export type Charge = {
  paymentId: string
  chargeId: string | null
  amountCents: number
}

export type ChargeOutcome = 'paid' | 'paid_after_cancel' | 'ignored'

/**
 * A succeeded charge applied to a booking, whichever way it came: the provider's webhook for the
 * booking's own intent, or the claim of a load the shipper had funded (docs/decisions/0069). The
 * booking is paid, escrow holds the money, the ledger records the charge and a pending booking
 * becomes booked, all in the caller's transaction.
 */
@inject()
export default class BookingChargeService {
  constructor(
    private clock: Clock,
    private statuses: BookingStatusService,
    private ledger: LedgerService,
    private settlement: BookingSettlementService
  ) {}

  /**
   * A booking cancelled meanwhile is marked paid too, to be refunded at once by the caller
   * ('paid_after_cancel'); a booking already paid, or a charge of another amount, changes
   * nothing ('ignored').
   */
  async apply(
    bookingId: number,
    charge: Charge,
    trx: TransactionClientContract
  ): Promise<ChargeOutcome> {
    const booking = await lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'pending') return 'ignored'
    if (charge.amountCents !== toCents(booking.total_amount ?? 0)) {
      logger.error({ bookingId, paymentId: charge.paymentId }, 'paid amount differs from the total')
      return 'ignored'
    }
    const paid = await this.settlement.markPaid(trx, bookingId, {
      intentId: charge.paymentId,
      at: this.clock.now(),
    })
    if (!paid) return 'ignored'
    const payment = await this.paymentRow(bookingId, charge, trx)
    payment.merge({ status: 'SUCCEEDED', stripeChargeId: charge.chargeId, failureMessage: null })
    await payment.save()
    const held = await EscrowTransaction.query({ client: trx })
      .where('shipmentId', bookingId)
      .first()
    if (!held) {
      await EscrowTransaction.create(
        { shipmentId: bookingId, amount: fromCents(charge.amountCents), status: 'HELD' },
        { client: trx }
      )
    }
    await this.ledger.recordCharge(trx, bookingId, charge.amountCents)
    if (booking.status === 'cancelled') return 'paid_after_cancel'
    if (booking.status === 'pending') {
      await this.statuses.change(bookingId, 'booked', { userId: null, role: 'system' }, { trx })
    }
    return 'paid'
  }

  /** The payments row of this intent, created if the intent was made elsewhere. */
  async paymentRow(
    bookingId: number,
    charge: Pick<Charge, 'paymentId' | 'amountCents'>,
    trx: TransactionClientContract
  ) {
    const existing = await Payment.query({ client: trx })
      .where('stripePaymentIntent', charge.paymentId)
      .first()
    if (existing) return existing
    return Payment.create(
      {
        shipmentId: bookingId,
        stripePaymentIntent: charge.paymentId,
        amount: fromCents(charge.amountCents),
        status: 'INIT',
      },
      { client: trx }
    )
  }
}
