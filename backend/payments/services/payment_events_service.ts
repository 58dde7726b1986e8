import { inject } from '@adonisjs/core'
import { Logger } from '@adonisjs/core/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type {
  AccountEventData,
  PaymentEventData,
  PaymentsWebhookEvent,
} from '#plugins/payments/main'
import PaymentEvent from '#payments/models/payment_event'
import { ProviderUnavailableException } from '#payments/services/payment_intents'
import PayoutService from '#payments/services/payout_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'
import RefundService from '#payments/services/refund_service'
import type { WebhookOutcome } from '#payments/services/payment_service'
import { lockBooking } from '#payments/services/payment_service'
import BookingChargeService from '#payments/services/booking_charge_service'
import LoadFundingService, { type FundingFollowUp } from '#payments/services/load_funding_service'
import ExpeditedPaymentService, {
  type ExpeditedFollowUp,
} from '#payments/services/expedited_payment_service'

/**
 * The payment provider's events turned into booking state exactly once (each event id is
 * stored, a repeat is a no-op): paid, failed, refunded, and a carrier's account becoming able
 * to receive payouts. docs/decisions/0040. An intent that is no booking's may fund a posted
 * load (LoadFundingService, docs/decisions/0069) or pay an expedited job
 * (ExpeditedPaymentService, docs/decisions/0188). Nothing is taken from the event's body: the
 * provider's own record of the object decides, and an event it contradicts changes nothing
 * (docs/decisions/0159).
 */
@inject()
export default class PaymentEventsService {
  constructor(
    private logger: Logger,
    private clock: Clock,
    private payouts: PayoutService,
    private carriers: CarrierProfileService,
    private refunds: RefundService,
    private charges: BookingChargeService,
    private fundings: LoadFundingService,
    private expedited: ExpeditedPaymentService
  ) {}

  /**
   * A provider webhook: verified on the raw body, confirmed with the provider (the event is
   * rebuilt from the provider's record of its object), recorded once by event id, and applied
   * in the same transaction, so a replay or a duplicate changes nothing. An event the provider
   * contradicts is logged and answered as received without being recorded or applied; when the
   * provider cannot be asked, ProviderUnavailableException (502) makes it deliver again later.
   */
  async handleWebhook(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    const driver = await payments.use()
    const parsed = await driver.parseWebhook(rawBody, signature)
    if (!parsed.ok) return { ok: false, message: parsed.message }
    if (await PaymentEvent.findBy('eventId', parsed.event.eventId)) {
      return { ok: true, duplicate: true, ignored: false }
    }
    const confirmed = await driver.confirmEvent(parsed.event)
    if (!confirmed.ok) {
      const about = { eventId: parsed.event.eventId, action: parsed.event.action }
      if (confirmed.reason === 'unavailable') {
        this.logger.error(
          { ...about, code: confirmed.code, message: confirmed.message },
          'payment event not confirmed: the provider could not be asked'
        )
        throw new ProviderUnavailableException('The payment provider is unavailable; try again')
      }
      this.logger.warn(
        { ...about, objectId: objectIdOf(parsed.event), differences: confirmed.differences },
        'payment event contradicted by the provider: ignored'
      )
      return { ok: true, duplicate: false, ignored: true }
    }
    const event = confirmed.event
    let refundLatePayment: number | null = null
    let followUp: FundingFollowUp & ExpeditedFollowUp = {}
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
        if (bookingId === null) {
          followUp = await this.loadEvent(event, trx)
          return
        }
        if (event.action === 'payment_succeeded') {
          const outcome = await this.charges.apply(bookingId, event.data, trx)
          if (outcome === 'paid_after_cancel') refundLatePayment = bookingId
        } else if (event.action === 'payment_failed') {
          await this.markFailed(bookingId, event.data, trx)
        } else if (event.action === 'refund_succeeded') {
          await this.refunds.markRefunded(bookingId, event.data, trx)
        }
      })
    } catch (error) {
      if (isUniqueViolation(error)) return { ok: true, duplicate: true, ignored: false }
      throw error
    }
    // A payment that arrived after its booking was cancelled (the payment deadline passed, or
    // the shipper cancelled meanwhile) goes straight back to the card.
    if (refundLatePayment !== null) await this.refunds.refundCancelled(refundLatePayment)
    if (followUp.refundBooking !== undefined) {
      await this.refunds.refundCancelled(followUp.refundBooking)
    }
    if (followUp.refundFunding !== undefined) {
      await this.fundings.refundFunding(followUp.refundFunding)
    }
    if (followUp.refundExpedited !== undefined) {
      await this.expedited.refund(followUp.refundExpedited)
    }
    if (event.action === 'account_updated') await this.accountUpdated(event.data)
    return { ok: true, duplicate: false, ignored: false }
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

  private async markFailed(
    bookingId: number,
    data: PaymentEventData,
    trx: TransactionClientContract
  ) {
    const booking = await lockBooking(bookingId, trx)
    // A late failure of an earlier attempt never undoes a success.
    if (!booking || booking.payment_status !== 'pending') return
    const payment = await this.charges.paymentRow(bookingId, data, trx)
    if (payment.status === 'SUCCEEDED' || payment.status === 'REFUNDED') return
    payment.merge({
      status: 'FAILED',
      failureMessage: data.failureMessage ?? 'The payment failed.',
    })
    await payment.save()
  }

  /** An event about an intent that is no booking's: a load's funding or an expedited job's. */
  private async loadEvent(
    event: PaymentsWebhookEvent,
    trx: TransactionClientContract
  ): Promise<FundingFollowUp & ExpeditedFollowUp> {
    const paymentId =
      event.action === 'payment_succeeded' ||
      event.action === 'payment_failed' ||
      event.action === 'refund_succeeded'
        ? event.data.paymentId
        : null
    if (paymentId && (await this.expedited.forIntent(paymentId, trx))) {
      if (event.action === 'payment_succeeded') {
        return this.expedited.applySucceeded(trx, event.data)
      }
      if (event.action === 'payment_failed') await this.expedited.applyFailed(trx, event.data)
      if (event.action === 'refund_succeeded') await this.expedited.applyRefunded(trx, event.data)
      return {}
    }
    if (event.action === 'payment_succeeded') return this.fundings.applySucceeded(trx, event.data)
    if (event.action === 'payment_failed') await this.fundings.applyFailed(trx, event.data)
    if (event.action === 'refund_succeeded') await this.fundings.applyRefunded(trx, event.data)
    return {}
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
}

/** The id of the provider's object an event is about, for the log. */
function objectIdOf(event: PaymentsWebhookEvent): string | null {
  switch (event.action) {
    case 'payment_succeeded':
    case 'payment_failed':
      return event.data.paymentId
    case 'refund_succeeded':
      return event.data.refundId
    case 'account_updated':
      return event.data.accountId
    case 'transfer_created':
      return event.data.transferId
    case 'not_supported':
      return null
  }
}
