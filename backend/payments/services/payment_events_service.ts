import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type { AccountEventData, PaymentEventData } from '#plugins/payments/main'
import Payment from '#payments/models/payment'
import PaymentEvent from '#payments/models/payment_event'
import EscrowTransaction from '#payments/models/escrow_transaction'
import BookingStatusService from '#marketplace/services/booking_status_service'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import LedgerService from '#payments/services/ledger_service'
import PayoutService from '#payments/services/payout_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { fromCents, toCents } from '#core/money'
import { isUniqueViolation } from '#core/validation'
import RefundService from '#payments/services/refund_service'
import { lockBooking, type WebhookOutcome } from '#payments/services/payment_service'

/**
 * The payment provider's events turned into booking state exactly once (each event id is
 * stored, a repeat is a no-op): paid, failed, refunded, and a carrier's account becoming able
 * to receive payouts. docs/decisions/0040.
 */
@inject()
export default class PaymentEventsService {
  constructor(
    private clock: Clock,
    private statuses: BookingStatusService,
    private ledger: LedgerService,
    private payouts: PayoutService,
    private carriers: CarrierProfileService,
    private refunds: RefundService,
    private settlement: BookingSettlementService
  ) {}

  /**
   * A provider webhook: verified on the raw body, recorded once by event id, and applied in
   * the same transaction, so a replay or a duplicate changes nothing.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const driver = await payments.use()
    const parsed = await driver.parseWebhook(rawBody, signature)
    if (!parsed.ok) return { ok: false, message: parsed.message }
    const event = parsed.event
    let refundLatePayment: number | null = null
    try {
      await writeTransaction(async (trx) => {
        const bookingId =
          event.action === 'payment_succeeded' || event.action === 'payment_failed'
            ? await this.bookingOfPayment(event.data, trx)
            : event.action === 'refund_succeeded'
              ? await this.bookingOfIntent(event.data.paymentId, trx)
              : null
        await PaymentEvent.create(
          {
            eventId: event.eventId,
            action: event.action,
            paymentIntent:
              event.action === 'payment_succeeded' || event.action === 'payment_failed'
                ? event.data.paymentId
                : event.action === 'refund_succeeded'
                  ? event.data.paymentId
                  : null,
            bookingId,
            receivedAt: this.clock.now(),
          },
          { client: trx }
        )
        if (bookingId === null) return
        if (event.action === 'payment_succeeded') {
          const outcome = await this.markPaid(bookingId, event.data, trx)
          if (outcome === 'paid_after_cancel') refundLatePayment = bookingId
        } else if (event.action === 'payment_failed') {
          await this.markFailed(bookingId, event.data, trx)
        } else if (event.action === 'refund_succeeded') {
          await this.refunds.markRefunded(bookingId, event.data, trx)
        }
      })
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: true, duplicate: true }
      throw error
    }
    // A payment that arrived after its booking was cancelled (the payment deadline passed, or
    // the shipper cancelled meanwhile) goes straight back to the card.
    if (refundLatePayment !== null) await this.refunds.refundCancelled(refundLatePayment)
    if (event.action === 'account_updated') await this.accountUpdated(event.data)
    return { ok: true, duplicate: false }
  }

  /**
   * A connected account changed at the provider: once the carrier can receive transfers, its
   * onboarding is recorded and the payouts held for it are paid, without waiting for a poll.
   */
  private async accountUpdated(data: AccountEventData) {
    if (!data.onboardingComplete || !data.payoutsEnabled) return
    const carrierId = await this.carriers.findCarrierIdByStripeAccount(data.accountId)
    if (carrierId === null) return
    await this.payouts.carrierOnboarded(carrierId)
  }

  /* ---------- state changes, each inside the webhook's transaction ---------- */

  /**
   * The charge succeeded: the booking is paid, escrow holds the money and the ledger records
   * the charge. A booking cancelled meanwhile is marked paid too, to be refunded at once.
   */
  private async markPaid(
    bookingId: number,
    data: PaymentEventData,
    trx: TransactionClientContract
  ): Promise<'paid' | 'paid_after_cancel' | 'ignored'> {
    const booking = await lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'pending') return 'ignored'
    if (data.amountCents !== toCents(booking.total_amount ?? 0)) {
      logger.error({ bookingId, paymentId: data.paymentId }, 'paid amount differs from the total')
      return 'ignored'
    }
    const paid = await this.settlement.markPaid(trx, bookingId, {
      intentId: data.paymentId,
      at: this.clock.now(),
    })
    if (!paid) return 'ignored'
    const payment = await this.paymentRow(bookingId, data, trx)
    payment.merge({ status: 'SUCCEEDED', stripeChargeId: data.chargeId, failureMessage: null })
    await payment.save()
    const held = await EscrowTransaction.query({ client: trx })
      .where('shipmentId', bookingId)
      .first()
    if (!held) {
      await EscrowTransaction.create(
        { shipmentId: bookingId, amount: fromCents(data.amountCents), status: 'HELD' },
        { client: trx }
      )
    }
    await this.ledger.recordCharge(trx, bookingId, data.amountCents)
    if (booking.status === 'cancelled') return 'paid_after_cancel'
    if (booking.status === 'pending') {
      await this.statuses.change(bookingId, 'booked', { userId: null, role: 'system' }, { trx })
    }
    return 'paid'
  }
  private async markFailed(
    bookingId: number,
    data: PaymentEventData,
    trx: TransactionClientContract
  ) {
    const booking = await lockBooking(bookingId, trx)
    // A late failure of an earlier attempt never undoes a success.
    if (!booking || booking.payment_status !== 'pending') return
    const payment = await this.paymentRow(bookingId, data, trx)
    if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') return
    payment.merge({
      status: 'FAILED',
      failureMessage: data.failureMessage ?? 'The payment failed.',
    })
    await payment.save()
  }

  /** The booking a payment event is about: its metadata, confirmed by the stored intent id. */
  private async bookingOfPayment(
    data: PaymentEventData,
    trx: TransactionClientContract
  ): Promise<number | null> {
    const byIntent = await this.bookingOfIntent(data.paymentId, trx)
    if (byIntent !== null) return byIntent
    const claimed = Number(data.metadata.bookingId)
    if (!Number.isSafeInteger(claimed) || claimed < 1) return null
    const booking = await trx
      .from('bookings')
      .where('id', claimed)
      .whereNull('stripe_payment_intent_id')
      .select('id')
      .first()
    return booking ? Number(booking.id) : null
  }

  private async bookingOfIntent(
    paymentId: string | null,
    trx: TransactionClientContract
  ): Promise<number | null> {
    if (!paymentId) return null
    const booking = await trx
      .from('bookings')
      .where('stripe_payment_intent_id', paymentId)
      .select('id')
      .first()
    return booking ? Number(booking.id) : null
  }

  /** The payments row of this intent, created if the intent was made elsewhere. */
  private async paymentRow(
    bookingId: number,
    data: PaymentEventData,
    trx: TransactionClientContract
  ) {
    const existing = await Payment.query({ client: trx })
      .where('stripePaymentIntent', data.paymentId)
      .first()
    if (existing) return existing
    return Payment.create(
      {
        shipmentId: bookingId,
        stripePaymentIntent: data.paymentId,
        amount: fromCents(data.amountCents),
        status: 'INIT',
      },
      { client: trx }
    )
  }
}
