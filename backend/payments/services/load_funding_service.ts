import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type { PaymentEventData, RefundEventData } from '#plugins/payments/main'
import LoadFunding from '#payments/models/load_funding'
import { FundedLoads } from '#payments/contracts/funded_loads'
import BookingChargeService from '#payments/services/booking_charge_service'
import { openRecordedIntent, type PaymentIntentResponse } from '#payments/services/payment_intents'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { writeTransaction } from '#core/transactions'

export const LOAD_ALREADY_FUNDED = 'This load is already funded'

/** What is left to do once the webhook's transaction has committed. */
export type FundingFollowUp = { refundFunding?: number; refundBooking?: number }

/** A funding still waiting for its card: a retry reuses its intent. */
const PAYABLE = ['INIT', 'FAILED'] as const

/**
 * A shipper's card payment for a posted load before a carrier claims it (docs/decisions/0069).
 * The money is charged now and held at the provider; the claim's booking is paid with it
 * (`settleOntoBooking`), or, if the load is cancelled or expires unclaimed, it goes back to the
 * card in full (`refund`). The load's `payment_status` is the freight board's: payments tells it
 * through the FundedLoads contract.
 */
@inject()
export default class LoadFundingService {
  constructor(
    private clock: Clock,
    private charges: BookingChargeService,
    private loads: FundedLoads
  ) {}

  /**
   * The intent for an open, unfunded load (the freight board has checked both), for the load's
   * own price. One intent per funding attempt: retries, and requests racing, get the same one
   * (idempotency key `freight-listing-<id>-funding-<n>`, n counting the load's earlier
   * fundings that were used or refunded).
   */
  async createIntent(load: {
    listingId: number
    shipperId: number
    amountCents: number
  }): Promise<PaymentIntentResponse> {
    const fundings = await LoadFunding.query()
      .where('freightListingId', load.listingId)
      .orderBy('id', 'asc')
    if (fundings.some((f) => f.status === 'SUCCEEDED')) {
      throw new ConflictException(LOAD_ALREADY_FUNDED)
    }
    const open = fundings.find((f) => (PAYABLE as readonly string[]).includes(f.status))
    const attempt = open
      ? fundings.indexOf(open) + 1
      : fundings.filter((f) => !(PAYABLE as readonly string[]).includes(f.status)).length + 1
    return openRecordedIntent(
      {
        amountCents: load.amountCents,
        currency: 'usd',
        idempotencyKey: `freight-listing-${load.listingId}-funding-${attempt}`,
        metadata: { freightListingId: String(load.listingId) },
        transferGroup: `freight_listing_${load.listingId}`,
      },
      { changed: 'The load changed; reload and try again', log: 'load funding intent failed' },
      {
        find: (id) => LoadFunding.findBy('paymentIntentId', id),
        create: (created) =>
          LoadFunding.create({
            freightListingId: load.listingId,
            shipperId: load.shipperId,
            paymentIntentId: created.id,
            amountCents: created.amountCents,
            status: 'INIT',
          }),
      }
    )
  }

  /** The funding an intent belongs to, if it is a load's. */
  forIntent(paymentId: string | null, trx?: TransactionClientContract) {
    if (!paymentId) return Promise.resolve(null)
    return LoadFunding.query({ client: trx }).where('paymentIntentId', paymentId).first()
  }

  /** The shipper who pays a load's intent, for the sandbox card form's policy. */
  async shipperOfIntent(paymentId: string): Promise<number | null> {
    return (await this.forIntent(paymentId))?.shipperId ?? null
  }

  /** Whether a load's intent can still take a card (the sandbox card form). */
  async assertPayable(paymentId: string) {
    const funding = await this.forIntent(paymentId)
    if (funding && !(PAYABLE as readonly string[]).includes(funding.status)) {
      throw new ConflictException(LOAD_ALREADY_FUNDED)
    }
  }

  /**
   * The webhook's `payment_succeeded` for a load's intent, inside its transaction. The load is
   * locked first (through the contract), then the funding, in the order the claim takes them.
   */
  async applySucceeded(
    trx: TransactionClientContract,
    data: PaymentEventData
  ): Promise<FundingFollowUp> {
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || !(PAYABLE as readonly string[]).includes(seen.status)) return {}
    if (data.amountCents !== seen.amountCents) {
      logger.error({ paymentId: data.paymentId }, 'load funding charged another amount')
      return {}
    }
    const at = this.clock.now()
    const load = await this.loads.funded(trx, seen.freightListingId, {
      amountCents: data.amountCents,
      at,
    })
    const funding = await this.lock(trx, seen.id)
    if (!funding || !(PAYABLE as readonly string[]).includes(funding.status)) return {}
    funding.merge({ status: 'SUCCEEDED', chargeId: data.chargeId, failureMessage: null })
    await funding.save()
    if (load.state === 'funded') return {}
    if (load.state === 'gone') return { refundFunding: funding.id }
    // Claimed before the charge came through: the charge pays the claim's booking.
    const outcome = await this.charges.apply(load.bookingId, this.chargeOf(funding), trx)
    if (outcome === 'ignored') return { refundFunding: funding.id }
    funding.merge({ status: 'SETTLED', bookingId: load.bookingId })
    await funding.save()
    return outcome === 'paid_after_cancel' ? { refundBooking: load.bookingId } : {}
  }

  /** The webhook's `payment_failed` for a load's intent: the shipper may try another card. */
  async applyFailed(trx: TransactionClientContract, data: PaymentEventData) {
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || seen.status !== 'INIT') return
    const message = data.failureMessage ?? 'The payment failed.'
    await this.loads.fundingFailed(trx, seen.freightListingId, { message, at: this.clock.now() })
    const funding = await this.lock(trx, seen.id)
    if (!funding || funding.status !== 'INIT') return
    funding.merge({ status: 'FAILED', failureMessage: message })
    await funding.save()
  }

  /** A refund of a load's charge succeeded (the webhook, or `refund` itself). */
  async applyRefunded(trx: TransactionClientContract, data: RefundEventData) {
    if (data.status !== 'succeeded') return
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || seen.status !== 'SUCCEEDED' || data.amountCents < seen.amountCents) return
    await this.loads.refunded(trx, seen.freightListingId, {
      amountCents: data.amountCents,
      at: this.clock.now(),
    })
    const funding = await this.lock(trx, seen.id)
    if (!funding || funding.status !== 'SUCCEEDED') return
    funding.merge({ status: 'REFUNDED', refundId: data.refundId })
    await funding.save()
  }

  /**
   * The claim of a funded load, inside the claim's transaction (the load row is already
   * locked by the claim): the booking it created is paid with the load's charge. False when
   * the load holds no succeeded charge (then the booking waits for payment as usual).
   */
  async settleOntoBooking(
    trx: TransactionClientContract,
    listingId: number,
    bookingId: number
  ): Promise<boolean> {
    const funding = await LoadFunding.query({ client: trx })
      .where('freightListingId', listingId)
      .where('status', 'SUCCEEDED')
      .forUpdate()
      .first()
    if (!funding) return false
    const outcome = await this.charges.apply(bookingId, this.chargeOf(funding), trx)
    if (outcome !== 'paid') return false
    funding.merge({ status: 'SETTLED', bookingId })
    await funding.save()
    return true
  }

  /**
   * A load cancelled or expired while funded: its charge goes back to the card in full, once
   * (idempotency key `load-funding-<id>-refund`). A provider failure leaves the funding
   * SUCCEEDED, and `freight:expire` tries again on its next run.
   */
  async refund(listingId: number): Promise<boolean> {
    const funding = await LoadFunding.query()
      .where('freightListingId', listingId)
      .where('status', 'SUCCEEDED')
      .first()
    if (!funding) return false
    const driver = await payments.use()
    const refund = await driver.refund({
      paymentId: funding.paymentIntentId,
      idempotencyKey: `load-funding-${funding.id}-refund`,
    })
    if (!refund.ok) {
      logger.error({ listingId, code: refund.code, message: refund.message }, 'refund failed')
      return false
    }
    await writeTransaction((trx) =>
      this.applyRefunded(trx, {
        refundId: refund.id,
        paymentId: funding.paymentIntentId,
        amountCents: refund.amountCents,
        status: refund.status,
      })
    )
    return refund.status === 'succeeded'
  }

  /** Refunds a funding whose charge came through after its load was gone. */
  async refundFunding(fundingId: number) {
    const funding = await LoadFunding.find(fundingId)
    if (funding) await this.refund(funding.freightListingId)
  }

  private lock(trx: TransactionClientContract, id: number) {
    return LoadFunding.query({ client: trx }).where('id', id).forUpdate().first()
  }

  private chargeOf(funding: LoadFunding) {
    return {
      paymentId: funding.paymentIntentId,
      chargeId: funding.chargeId,
      amountCents: funding.amountCents,
    }
  }
}
