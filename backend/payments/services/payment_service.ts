import { inject } from '@adonisjs/core'
import { Exception } from '@adonisjs/core/exceptions'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type {
  AccountEventData,
  PaymentEventData,
  PaymentFailure,
  PaymentsClientConfig,
  RefundEventData,
} from '#plugins/payments/main'
import Payment from '#payments/models/payment'
import PaymentEvent from '#payments/models/payment_event'
import EscrowTransaction from '#payments/models/escrow_transaction'
import BookingStatusService from '#marketplace/services/booking_status_service'
import LedgerService from '#payments/services/ledger_service'
import PayoutService from '#payments/services/payout_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { fromCents, toCents } from '#core/money'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isUniqueViolation, validationError } from '#core/validation'

export const ALREADY_PAID = 'This booking has already been paid for.'
export const CANCELLED = 'This booking was cancelled'
export const NOT_PAYABLE = 'This booking is not awaiting payment'
export const AMOUNT_MISMATCH = 'Amount does not match the booking total'
export const BOOKING_NOT_FOUND = 'Booking not found'

export type PaymentIntentResponse = {
  clientSecret: string
  paymentIntentId: string
  amount: number
}

export type ConfirmOutcome =
  | { status: 200; body: { status: 'succeeded' } }
  | { status: 402 | 409 | 404 | 502; body: { message: string; code: string } }

export type WebhookOutcome = { ok: true; duplicate: boolean } | { ok: false; message: string }

/** The booking columns the payment path reads (bookings are the marketplace's table). */
type BookingRow = {
  id: number
  shipper_id: number
  status: string
  payment_status: string
  total_amount: string | number | null
  stripe_payment_intent_id: string | null
}

const BOOKING_COLUMNS = [
  'id',
  'shipper_id',
  'status',
  'payment_status',
  'total_amount',
  'stripe_payment_intent_id',
]

const affected = (result: unknown) => Number(Array.isArray(result) ? result[0] : result)

/** Half a cent: a client amount further than this from the booking total is refused. */
const AMOUNT_TOLERANCE_CENTS = 0.5

/**
 * Paying a booking: one payment intent per booking for the server's own total,
 * the provider's webhooks turned into booking state exactly once, and the refund of a paid
 * booking cancelled before pickup. docs/decisions/0040.
 */
@inject()
export default class PaymentService {
  constructor(
    private clock: Clock,
    private statuses: BookingStatusService,
    private ledger: LedgerService,
    private payouts: PayoutService,
    private carriers: CarrierProfileService
  ) {}

  async clientConfig(): Promise<PaymentsClientConfig> {
    return (await payments.use()).clientConfig()
  }

  /**
   * The shipper's intent to pay an unpaid booking. Retries get the same intent (idempotency
   * key `booking-<id>-payment`), and the amount is always the booking's stored total.
   */
  async createIntent(
    shipperId: number,
    bookingId: number,
    clientAmount: number
  ): Promise<PaymentIntentResponse> {
    const booking = await this.shipperBooking(shipperId, bookingId)
    this.assertPayable(booking)
    const totalCents = toCents(booking.total_amount ?? 0)
    if (Math.abs(clientAmount * 100 - totalCents) > AMOUNT_TOLERANCE_CENTS) {
      throw validationError([{ field: 'amount', message: AMOUNT_MISMATCH, rule: 'bookingTotal' }])
    }
    const driver = await payments.use()
    const created = await driver.createPayment({
      amountCents: totalCents,
      currency: 'usd',
      idempotencyKey: `booking-${booking.id}-payment`,
      metadata: { bookingId: String(booking.id) },
      transferGroup: `booking_${booking.id}`,
    })
    if (!created.ok) throw this.providerFailure(created)

    await db
      .transaction(async (trx) => {
        await trx
          .from('bookings')
          .where('id', booking.id)
          .update({ stripe_payment_intent_id: created.id })
        const existing = await Payment.query({ client: trx })
          .where('stripePaymentIntent', created.id)
          .first()
        if (!existing) {
          await Payment.create(
            {
              shipmentId: booking.id,
              stripePaymentIntent: created.id,
              amount: fromCents(created.amountCents),
              status: 'INIT',
            },
            { client: trx }
          )
        }
      })
      .catch((error) => {
        // Two retries racing: the other one recorded the same intent.
        if (!isUniqueViolation(error)) throw error
      })
    return {
      clientSecret: created.clientSecret,
      paymentIntentId: created.id,
      amount: fromCents(created.amountCents),
    }
  }

  /**
   * The sandbox's card form: the client secret must be the intent of one of the shipper's
   * bookings. The sandbox then delivers the signed webhook to our own endpoint.
   */
  async confirmSandboxCard(
    shipperId: number,
    input: {
      clientSecret: string
      cardNumber: string
      expMonth: number
      expYear: number
      cvc: string
    }
  ): Promise<ConfirmOutcome> {
    const sandbox = await payments.sandbox()
    if (!sandbox) throw new NotFoundException('Not found')
    const paymentId = input.clientSecret.split('_secret_')[0]
    const booking = paymentId
      ? ((await db
          .from('bookings')
          .where('shipper_id', shipperId)
          .where('stripe_payment_intent_id', paymentId)
          .select(BOOKING_COLUMNS)
          .first()) as BookingRow | null)
      : null
    if (!booking) throw new NotFoundException('Payment not found')
    this.assertPayable(booking)

    const result = await sandbox.confirmCard({ paymentId, ...input })
    if (result.ok) return { status: 200, body: { status: 'succeeded' } }
    switch (result.code) {
      case 'card_declined':
      case 'insufficient_funds':
      case 'provider_error':
        return { status: 402, body: { message: result.message, code: result.code } }
      case 'invalid_card':
        throw validationError([
          { field: cardField(result.message), message: result.message, rule: 'card' },
        ])
      case 'not_found':
        throw new NotFoundException('Payment not found')
      default:
        return { status: 409, body: { message: result.message, code: result.code } }
    }
  }

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
          await this.markRefunded(bookingId, event.data, trx)
        }
      })
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: true, duplicate: true }
      throw error
    }
    // A payment that arrived after its booking was cancelled (the payment deadline passed, or
    // the shipper cancelled meanwhile) goes straight back to the card.
    if (refundLatePayment !== null) await this.refundCancelled(refundLatePayment)
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
    const booking = await this.lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'pending') return 'ignored'
    if (data.amountCents !== toCents(booking.total_amount ?? 0)) {
      logger.error({ bookingId, paymentId: data.paymentId }, 'paid amount differs from the total')
      return 'ignored'
    }
    const now = this.clock.now()
    const stamp = now.toFormat(trx.dialect.dateTimeFormat)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payment_status', 'pending')
      .update({
        payment_status: 'paid',
        payment_confirmed_at: stamp,
        stripe_payment_intent_id: data.paymentId,
        updated_at: stamp,
      })
    if (affected(updated) !== 1) return 'ignored'
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
    const booking = await this.lockBooking(bookingId, trx)
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

  private async markRefunded(
    bookingId: number,
    data: RefundEventData,
    trx: TransactionClientContract
  ) {
    const booking = await this.lockBooking(bookingId, trx)
    if (!booking || booking.payment_status !== 'paid' || data.status !== 'succeeded') return
    // A partial refund leaves the booking paid; this path only ever refunds in full.
    if (data.amountCents < toCents(booking.total_amount ?? 0)) return
    const stamp = this.clock.now().toFormat(trx.dialect.dateTimeFormat)
    await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payment_status', 'paid')
      .update({ payment_status: 'refunded', updated_at: stamp })
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

  /* ---------- helpers ---------- */

  private async shipperBooking(shipperId: number, bookingId: number): Promise<BookingRow> {
    const booking = (await db
      .from('bookings')
      .where('id', bookingId)
      .where('shipper_id', shipperId)
      .select(BOOKING_COLUMNS)
      .first()) as BookingRow | null
    if (!booking) throw new NotFoundException(BOOKING_NOT_FOUND)
    return booking
  }

  private assertPayable(booking: BookingRow) {
    if (booking.status === 'cancelled') throw new ConflictException(CANCELLED)
    if (booking.payment_status !== 'pending') throw new ConflictException(ALREADY_PAID)
    if (booking.status !== 'pending') throw new ConflictException(NOT_PAYABLE)
  }

  private async lockBooking(bookingId: number, trx: TransactionClientContract) {
    return (await trx
      .from('bookings')
      .where('id', bookingId)
      .select(BOOKING_COLUMNS)
      .forUpdate()
      .first()) as BookingRow | null
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

  private providerFailure(failure: PaymentFailure) {
    logger.error({ code: failure.code, message: failure.message }, 'payment intent failed')
    return failure.code === 'idempotency_conflict'
      ? new ConflictException('The booking total changed; reload and try again')
      : new ProviderUnavailableException('The payment provider is unavailable; try again')
  }
}

/** Which card field a card-check message is about. */
function cardField(message: string) {
  if (/security code|cvc/i.test(message)) return 'cvc'
  if (/expir/i.test(message)) return /month/i.test(message) ? 'expMonth' : 'expYear'
  return 'cardNumber'
}

class ProviderUnavailableException extends Exception {
  static status = 502
  static code = 'E_PAYMENT_PROVIDER'
}
