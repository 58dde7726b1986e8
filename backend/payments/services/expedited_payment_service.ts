import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import type { PaymentEventData, RefundEventData } from '#plugins/payments/main'
import ExpeditedPayment from '#payments/models/expedited_payment'
import { PaidExpeditedJobs } from '#payments/contracts/paid_expedited_jobs'
import LedgerService, {
  chargeLines,
  refundLines,
  releaseLines,
} from '#payments/services/ledger_service'
import { openRecordedIntent, type PaymentIntentResponse } from '#payments/services/payment_intents'
import { AUTO_RELEASE_HOURS } from '#payments/services/payout_rules'
import { Clock } from '#core/clock'
import { ConflictException } from '#core/exceptions/http_errors'
import { writeTransaction } from '#core/transactions'

export const EXPEDITED_ALREADY_PAID = 'This expedited job is already paid'

/** What is left to do once the webhook's transaction has committed. */
export type ExpeditedFollowUp = { refundExpedited?: number }

/** A payment still waiting for its card: a retry reuses its intent. */
const PAYABLE = ['INIT', 'FAILED'] as const
const payable = (status: string) => (PAYABLE as readonly string[]).includes(status)

/** The ledger's transaction keys of an expedited job (no booking: `booking_id` is null). */
export const expeditedLedgerKey = (
  jobId: number,
  step: 'charge' | 'refund' | 'release' | 'payout'
) => `expedited-${jobId}-${step}`

/**
 * A shipper's card payment for an expedited job before it is offered to carriers
 * (docs/decisions/0188), shaped like a load's funding (LoadFundingService, decision 0069): one
 * intent per job, reused by retries and by another card after a failure; the provider's
 * confirmed `payment_succeeded` records the charge on the ledger (escrow, as a booking's) and
 * tells logistics, through PaidExpeditedJobs, to offer the job. A job cancelled or expired
 * before pickup gets the charge back in full, once (`refund`); a delivered job's charge is
 * released by the one payout split into the platform's share and the carrier's payable
 * (`release`).
 */
@inject()
export default class ExpeditedPaymentService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private jobs: PaidExpeditedJobs
  ) {}

  /**
   * The intent for an unpaid job (logistics has checked it awaits payment), for the job's own
   * price. Retries, and requests racing, get the same intent (idempotency key
   * `expedited-job-<id>-payment`); a declined card is retried on the same intent.
   */
  async createIntent(job: {
    jobId: number
    shipperId: number
    amountCents: number
  }): Promise<PaymentIntentResponse> {
    const attempts = await ExpeditedPayment.query().where('expeditedJobId', job.jobId)
    if (attempts.some((p) => !payable(p.status))) {
      throw new ConflictException(EXPEDITED_ALREADY_PAID)
    }
    return openRecordedIntent(
      {
        amountCents: job.amountCents,
        currency: 'usd',
        idempotencyKey: `expedited-job-${job.jobId}-payment`,
        metadata: { expeditedJobId: String(job.jobId) },
        transferGroup: `expedited_job_${job.jobId}`,
      },
      { changed: 'The job changed; reload and try again', log: 'expedited intent failed' },
      {
        find: (id) => ExpeditedPayment.findBy('paymentIntentId', id),
        create: (created) =>
          ExpeditedPayment.create({
            expeditedJobId: job.jobId,
            shipperId: job.shipperId,
            paymentIntentId: created.id,
            amountCents: created.amountCents,
            status: 'INIT',
          }),
      }
    )
  }

  /** The payment an intent belongs to, if it is an expedited job's. */
  forIntent(paymentId: string | null, trx?: TransactionClientContract) {
    if (!paymentId) return Promise.resolve(null)
    return ExpeditedPayment.query({ client: trx }).where('paymentIntentId', paymentId).first()
  }

  /** The shipper who pays a job's intent, for the sandbox card form's policy. */
  async shipperOfIntent(paymentId: string): Promise<number | null> {
    return (await this.forIntent(paymentId))?.shipperId ?? null
  }

  /** Whether a job's intent can still take a card (the sandbox card form). */
  async assertPayable(paymentId: string) {
    const payment = await this.forIntent(paymentId)
    if (payment && !payable(payment.status)) throw new ConflictException(EXPEDITED_ALREADY_PAID)
  }

  /**
   * The webhook's confirmed `payment_succeeded` for a job's intent, inside its transaction: the
   * job is locked first (through the contract, in the order a cancel takes it), then the
   * payment. The charge is on the ledger either way; a job cancelled or expired meanwhile gets
   * it back once the transaction has committed.
   */
  async applySucceeded(
    trx: TransactionClientContract,
    data: PaymentEventData
  ): Promise<ExpeditedFollowUp> {
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || !payable(seen.status)) return {}
    if (data.amountCents !== seen.amountCents) {
      logger.error({ paymentId: data.paymentId }, 'expedited job charged another amount')
      return {}
    }
    const job = await this.jobs.paid(trx, seen.expeditedJobId, {
      amountCents: data.amountCents,
      at: this.clock.now(),
    })
    const payment = await this.lock(trx, seen.id)
    if (!payment || !payable(payment.status)) return {}
    payment.merge({ status: 'SUCCEEDED', chargeId: data.chargeId, failureMessage: null })
    await payment.save()
    await this.ledger.post(trx, {
      key: expeditedLedgerKey(payment.expeditedJobId, 'charge'),
      bookingId: null,
      memo: `card payment, expedited job ${payment.expeditedJobId}`,
      lines: chargeLines(payment.amountCents),
    })
    return job.state === 'gone' ? { refundExpedited: payment.expeditedJobId } : {}
  }

  /** The webhook's `payment_failed` for a job's intent: the shipper may try another card. */
  async applyFailed(trx: TransactionClientContract, data: PaymentEventData) {
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || seen.status !== 'INIT') return
    const message = data.failureMessage ?? 'The payment failed.'
    await this.jobs.paymentFailed(trx, seen.expeditedJobId, { message, at: this.clock.now() })
    const payment = await this.lock(trx, seen.id)
    if (!payment || payment.status !== 'INIT') return
    payment.merge({ status: 'FAILED', failureMessage: message })
    await payment.save()
  }

  /** A refund of a job's charge succeeded (the webhook, or `refund` itself): once. */
  async applyRefunded(trx: TransactionClientContract, data: RefundEventData) {
    if (data.status !== 'succeeded') return
    const seen = await this.forIntent(data.paymentId, trx)
    if (!seen || seen.status !== 'SUCCEEDED' || data.amountCents < seen.amountCents) return
    await this.jobs.refunded(trx, seen.expeditedJobId, {
      amountCents: data.amountCents,
      at: this.clock.now(),
    })
    const payment = await this.lock(trx, seen.id)
    if (!payment || payment.status !== 'SUCCEEDED') return
    payment.merge({ status: 'REFUNDED', refundId: data.refundId })
    await payment.save()
    await this.ledger.post(trx, {
      key: expeditedLedgerKey(payment.expeditedJobId, 'refund'),
      bookingId: null,
      memo: `refund ${data.refundId}`.slice(0, 200),
      lines: refundLines(payment.amountCents),
    })
  }

  /**
   * A job cancelled or expired while paid: its charge goes back to the card in full, once
   * (idempotency key `expedited-payment-<id>-refund` at the provider, and the ledger's key).
   * A provider failure leaves the payment SUCCEEDED, and `expedited:sla` tries again on its
   * next run. True when the job's charge is now refunded.
   */
  async refund(jobId: number): Promise<boolean> {
    const payment = await ExpeditedPayment.query()
      .where('expeditedJobId', jobId)
      .where('status', 'SUCCEEDED')
      .first()
    if (!payment) return false
    const driver = await payments.use()
    const refund = await driver.refund({
      paymentId: payment.paymentIntentId,
      idempotencyKey: `expedited-payment-${payment.id}-refund`,
    })
    if (!refund.ok) {
      logger.error({ jobId, code: refund.code, message: refund.message }, 'refund failed')
      return false
    }
    await writeTransaction((trx) =>
      this.applyRefunded(trx, {
        refundId: refund.id,
        paymentId: payment.paymentIntentId,
        amountCents: refund.amountCents,
        status: refund.status,
      })
    )
    return refund.status === 'succeeded'
  }

  /**
   * A delivered job's charge leaves escrow by the one payout split: the platform's share, and
   * the carrier's payable (what the platform owes it), once, inside the caller's transaction.
   * The payment's payout is then released for the carrier, and the payout run transfers it
   * once it is due, AUTO_RELEASE_HOURS after delivery as a booking's (PayoutService,
   * ExpeditedPayouts). False when the job holds no succeeded charge (requested before
   * payments existed).
   */
  async release(trx: TransactionClientContract, jobId: number, carrierId: number) {
    const payment = await ExpeditedPayment.query({ client: trx })
      .where('expeditedJobId', jobId)
      .where('status', 'SUCCEEDED')
      .first()
    if (!payment) return false
    const posted = await this.ledger.post(trx, {
      key: expeditedLedgerKey(jobId, 'release'),
      bookingId: null,
      memo: `expedited job ${jobId} delivered`,
      lines: releaseLines(payment.amountCents, carrierId),
    })
    if (posted) {
      const now = this.clock.now()
      const stamp = (at: DateTime) => at.toFormat(trx.dialect.dateTimeFormat)
      await trx
        .from('expedited_payments')
        .where('id', payment.id)
        .whereNull('payout_status')
        .update({
          carrier_id: carrierId,
          payout_status: 'released',
          payout_released_at: stamp(now),
          payout_due_at: stamp(now.plus({ hours: AUTO_RELEASE_HOURS })),
          updated_at: stamp(now),
        })
    }
    return posted
  }

  private lock(trx: TransactionClientContract, id: number) {
    return ExpeditedPayment.query({ client: trx }).where('id', id).forUpdate().first()
  }
}
