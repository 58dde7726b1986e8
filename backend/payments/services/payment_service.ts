import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import payments from '#plugins/payments/services/main'
import type { PaymentFailure, PaymentsClientConfig } from '#plugins/payments/main'
import Payment from '#payments/models/payment'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import LoadFundingService from '#payments/services/load_funding_service'
import ExpeditedPaymentService from '#payments/services/expedited_payment_service'
import {
  ProviderUnavailableException,
  type PaymentIntentResponse,
} from '#payments/services/payment_intents'
import { fromCents, toCents } from '#core/money'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { isUniqueViolation, validationError } from '#core/validation'

export const ALREADY_PAID = 'This booking has already been paid for.'
export const CANCELLED = 'This booking was cancelled'
export const NOT_PAYABLE = 'This booking is not awaiting payment'
export const AMOUNT_MISMATCH = 'Amount does not match the booking total'
export const BOOKING_NOT_FOUND = 'Booking not found'
export const PAYMENT_NOT_FOUND = 'Payment not found'

export type { PaymentIntentResponse } from '#payments/services/payment_intents'

export type ConfirmOutcome =
  | { status: 200; body: { status: 'succeeded' } }
  | { status: 402 | 409 | 404 | 502; body: { message: string; code: string } }

/**
 * A webhook handled: `duplicate` when its event id was applied before, `ignored` when the
 * provider contradicted it (docs/decisions/0159); both answer 200. `ok: false`: not a signed
 * event, 400.
 */
export type WebhookOutcome =
  { ok: true; duplicate: boolean; ignored: boolean } | { ok: false; message: string }

export { BOOKING_COLUMNS, lockBooking, type BookingRow } from '#payments/services/booking_rows'
import { BOOKING_COLUMNS, type BookingRow } from '#payments/services/booking_rows'

/** Half a cent: a client amount further than this from the booking total is refused. */
const AMOUNT_TOLERANCE_CENTS = 0.5

/**
 * Paying a booking: one payment intent per booking for the server's own total, and the
 * sandbox's card form. The provider's events are PaymentEventsService's, refunds
 * RefundService's. docs/decisions/0040.
 */
@inject()
export default class PaymentService {
  constructor(
    private settlement: BookingSettlementService,
    private fundings: LoadFundingService,
    private expedited: ExpeditedPaymentService
  ) {}

  async clientConfig(): Promise<PaymentsClientConfig> {
    return (await payments.use()).clientConfig()
  }

  /**
   * The shipper's intent to pay an unpaid booking. Retries get the same intent (idempotency
   * key `booking-<id>-payment`), and the amount is always the booking's stored total.
   * PaymentPolicy has already checked the booking is the shipper's.
   */
  async createIntent(bookingId: number, clientAmount: number): Promise<PaymentIntentResponse> {
    const booking = await this.booking(bookingId)
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

    await transaction(async (trx) => {
      await this.settlement.recordPaymentIntent(trx, booking.id, created.id)
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
    }).catch((error) => {
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
   * The sandbox's card form: the client secret must be a booking's current intent, or the
   * intent funding one of the shipper's loads or paying one of its expedited jobs (PaymentPolicy
   * has already checked whose it is).
   * The sandbox then delivers the signed webhook to our own endpoint.
   */
  async confirmSandboxCard(input: {
    clientSecret: string
    cardNumber: string
    expMonth: number
    expYear: number
    cvc: string
  }): Promise<ConfirmOutcome> {
    const sandbox = await payments.sandbox()
    if (!sandbox) throw new NotFoundException('Not found')
    const paymentId = input.clientSecret.split('_secret_')[0]
    const booking = paymentId
      ? ((await db
          .from('bookings')
          .where('stripe_payment_intent_id', paymentId)
          .select(BOOKING_COLUMNS)
          .first()) as BookingRow | null)
      : null
    if (booking) this.assertPayable(booking)
    else if (paymentId && (await this.fundings.forIntent(paymentId))) {
      await this.fundings.assertPayable(paymentId)
    } else if (paymentId && (await this.expedited.forIntent(paymentId))) {
      await this.expedited.assertPayable(paymentId)
    } else throw new NotFoundException(PAYMENT_NOT_FOUND)

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
        throw new NotFoundException(PAYMENT_NOT_FOUND)
      default:
        return { status: 409, body: { message: result.message, code: result.code } }
    }
  }

  /* ---------- helpers ---------- */

  private async booking(bookingId: number): Promise<BookingRow> {
    const booking = (await db
      .from('bookings')
      .where('id', bookingId)
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
