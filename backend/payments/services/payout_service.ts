import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import payments from '#plugins/payments/services/main'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingSettlementService, {
  type PayoutClaimRule,
} from '#marketplace/services/booking_settlement_service'
import EscrowTransaction from '#payments/models/escrow_transaction'
import Payment from '#payments/models/payment'
import LedgerService from '#payments/services/ledger_service'
import PayoutHoldService from '#payments/services/payout_hold_service'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { splitPayout, toCents } from '#core/money'

/** A delivered, paid booking the shipper has not completed is released this long after delivery. */
export const AUTO_RELEASE_HOURS = 48

/** Why a released payout waits: the carrier cannot receive transfers yet. */
export const ONBOARDING_HOLD_REASON = 'Carrier payout account onboarding is not complete'

/** Transfer attempts before a failed payout waits for an operator (`payouts:release --retry`). */
export const MAX_PAYOUT_ATTEMPTS = 8

/** A claim older than this is from a run that died mid-transfer; the transfer key makes retrying safe. */
export const STALE_CLAIM_MINUTES = 10

/** At most this many bookings per release run; the timer runs again soon. */
const BATCH = 200

/** Wait before retry `attempt + 1`: 5 min, 10, 20, ... capped at 12 hours. */
export function retryDelayMinutes(attempt: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempt - 1), 12 * 60)
}

export type PayoutOutcome = 'paid' | 'held' | 'failed' | 'skipped'

export type ReleaseRunSummary = {
  released: number[]
  paid: number[]
  held: number[]
  failed: number[]
}

type PayoutBooking = {
  id: number
  carrier_id: number | null
  status: string
  payment_status: string
  payout_status: string
  total_amount: string | number | null
  payout_attempts: number | string
  completed_at: unknown
  delivered_at: unknown
}

/**
 * Carrier payouts (docs/decisions/0043). A delivered, paid booking is released when
 * its shipper completes it or 48 hours after delivery, whichever comes first: the ledger moves
 * the total out of escrow into the platform's 9 percent and the carrier's 91 percent, and
 * payoutStatus goes pending -> released. The transfer then pays the carrier (released -> paid),
 * once per booking (idempotency key `booking-<id>-payout`); a failed transfer is retried with
 * backoff, and a carrier without finished onboarding is held until it finishes.
 *
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
    private holds: PayoutHoldService
  ) {}

  /** The shipper completed the booking (`booking:completed`): release and pay it now. */
  async releaseCompleted(bookingId: number): Promise<PayoutOutcome | 'not_released'> {
    const released = await writeTransaction(async (trx) => {
      const [booking] = await this.dueForRelease(trx, { bookingId })
      return booking ? this.release(trx, booking) : false
    })
    if (!released) return 'not_released'
    return this.payOut(bookingId)
  }

  /**
   * `node ace payouts:release` and the start command's timer: releases every booking due
   * (completed, or delivered at least 48 hours ago), then pays what is released and due
   * (new releases, retries whose backoff has passed, holds whose carrier has onboarded or
   * whose payout hold has ended).
   */
  async run(): Promise<ReleaseRunSummary> {
    const released = await writeTransaction(async (trx) => {
      const due = await this.dueForRelease(trx, {})
      const ids: number[] = []
      for (const booking of due) {
        if (await this.release(trx, booking)) ids.push(booking.id)
      }
      return ids
    })
    const summary: ReleaseRunSummary = { released, paid: [], held: [], failed: [] }
    for (const id of await this.payable()) {
      const outcome = await this.payOut(id)
      if (outcome !== 'skipped') summary[outcome].push(id)
    }
    if (released.length + summary.paid.length + summary.failed.length > 0) {
      logger.info(
        {
          released: released.length,
          paid: summary.paid.length,
          held: summary.held.length,
          failed: summary.failed.length,
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
    const rows = await this.settlement
      .payoutClaimable(db.connection(), this.claimRule(true))
      .where('carrier_id', carrierId)
      .select('id')
      .orderBy('id')
      .limit(BATCH)
    const outcomes: PayoutOutcome[] = []
    for (const row of rows)
      outcomes.push(await this.payOut(Number(row.id), { ignoreBackoff: true }))
    return outcomes
  }

  /**
   * An operator retries a failed payout now (`payouts:release --retry <bookingId>`), also after
   * the automatic attempts ran out. The idempotency key still makes it one transfer.
   */
  async retry(bookingId: number): Promise<PayoutOutcome> {
    if (!(await this.settlement.resetFailedPayout(bookingId))) return 'skipped'
    return this.payOut(bookingId)
  }

  /* ---------- release: pending -> released ---------- */

  /**
   * Paid, delivered bookings still pending payout that the shipper completed or that were
   * delivered 48 hours ago or earlier, locked for this transaction (PostgreSQL skips rows
   * another run holds).
   */
  private async dueForRelease(
    trx: TransactionClientContract,
    filter: { bookingId?: number }
  ): Promise<PayoutBooking[]> {
    const cutoff = this.stamp(trx, this.clock.now().minus({ hours: AUTO_RELEASE_HOURS }))
    const query = trx
      .from('bookings')
      .where('status', 'delivered')
      .where('payment_status', 'paid')
      .where('payout_status', 'pending')
      .whereNotNull('carrier_id')
      .where((q) => q.whereNotNull('completed_at').orWhere('delivered_at', '<=', cutoff))
      .select(
        'id',
        'carrier_id',
        'status',
        'payment_status',
        'payout_status',
        'total_amount',
        'payout_attempts',
        'completed_at',
        'delivered_at'
      )
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
    if (filter.bookingId !== undefined) query.where('id', filter.bookingId)
    // A parallel run takes other rows instead of waiting (SQLite has one writer anyway).
    else if (trx.dialect.name === 'postgres') query.skipLocked()
    return (await query) as PayoutBooking[]
  }

  /** Moves one booking's money from escrow to the platform and the carrier's payable. */
  private async release(trx: TransactionClientContract, booking: PayoutBooking) {
    const now = this.clock.now()
    if (!(await this.settlement.releasePayout(trx, booking.id, now))) return false
    const totalCents = toCents(booking.total_amount ?? 0)
    await this.ledger.recordRelease(trx, booking.id, booking.carrier_id!, totalCents)
    await EscrowTransaction.query({ client: trx })
      .where('shipmentId', booking.id)
      .where('status', 'HELD')
      .update({ status: 'RELEASED', updated_at: this.stamp(trx, now) })
    return true
  }

  /* ---------- transfer: released -> paid | failed ---------- */

  /** Released or failed payouts whose next attempt is due and that no run has claimed. */
  private async payable(): Promise<number[]> {
    const rows = await this.settlement
      .payoutClaimable(db.connection(), this.claimRule(false))
      .select('id')
      .orderBy('id')
      .limit(BATCH)
    return rows.map((row) => Number(row.id))
  }

  /**
   * Which payouts a run may take now: not claimed by a live run (a claim older than
   * STALE_CLAIM_MINUTES is from a dead one) and, unless told otherwise, with attempts left and
   * the backoff over.
   */
  private claimRule(ignoreBackoff: boolean): PayoutClaimRule {
    const now = this.clock.now()
    return {
      now,
      staleBefore: now.minus({ minutes: STALE_CLAIM_MINUTES }),
      maxAttempts: ignoreBackoff ? null : MAX_PAYOUT_ATTEMPTS,
    }
  }

  /**
   * Claims the booking's payout, then transfers 91 percent of the total to the carrier's
   * connected account. Only the run holding the claim calls the provider; the idempotency key
   * makes even a repeated call (a claim taken over after a crash) one transfer.
   */
  async payOut(
    bookingId: number,
    options: { ignoreBackoff?: boolean } = {}
  ): Promise<PayoutOutcome> {
    const claim = await this.claim(bookingId, options.ignoreBackoff ?? false)
    if (!claim) return 'skipped'
    const booking = (await db
      .from('bookings')
      .where('id', bookingId)
      .select('id', 'carrier_id', 'total_amount', 'payout_attempts')
      .first()) as Pick<PayoutBooking, 'id' | 'carrier_id' | 'total_amount' | 'payout_attempts'>
    const carrierId = booking.carrier_id!
    const { payoutCents } = splitPayout(toCents(booking.total_amount ?? 0))

    // A recent change to the carrier's payout account, email or phone (decision 0098): the
    // transfer waits until the hold ends, when the next run pays it.
    const hold = await this.holds.activeFor(carrierId)
    if (hold) {
      await this.settlement.endPayoutAttempt(
        bookingId,
        claim,
        {
          payoutStatus: 'released',
          failureReason: hold.reason,
          nextAttemptAt: DateTime.fromISO(hold.endsAt),
          attempts: Number(booking.payout_attempts) - 1,
        },
        this.clock.now()
      )
      return 'held'
    }

    const accountId = await this.readyAccount(carrierId)
    if (!accountId) {
      await this.settlement.endPayoutAttempt(
        bookingId,
        claim,
        {
          payoutStatus: 'released',
          failureReason: ONBOARDING_HOLD_REASON,
          nextAttemptAt: null,
          // waiting for the carrier is not a failed attempt
          attempts: Number(booking.payout_attempts) - 1,
        },
        this.clock.now()
      )
      return 'held'
    }

    const payment = await Payment.query()
      .where('shipmentId', bookingId)
      .whereIn('status', ['SUCCEEDED'])
      .first()
    const driver = await payments.use()
    const transfer = await driver.transfer({
      accountId,
      amountCents: payoutCents,
      idempotencyKey: `booking-${bookingId}-payout`,
      transferGroup: `booking_${bookingId}`,
      sourceTransaction: payment?.stripeChargeId ?? undefined,
      metadata: { bookingId: String(bookingId), carrierId: String(carrierId) },
    })

    if (!transfer.ok) {
      const attempts = Number(booking.payout_attempts)
      const retryAt = this.clock.now().plus({ minutes: retryDelayMinutes(attempts) })
      await this.settlement.endPayoutAttempt(
        bookingId,
        claim,
        {
          payoutStatus: 'failed',
          failureReason: transfer.message.slice(0, 500),
          nextAttemptAt: attempts >= MAX_PAYOUT_ATTEMPTS ? null : retryAt,
        },
        this.clock.now()
      )
      logger.warn(
        { bookingId, attempts, code: transfer.code, message: transfer.message },
        'payout transfer failed'
      )
      return 'failed'
    }

    await writeTransaction(async (trx) => {
      const now = this.clock.now()
      const recorded = await this.settlement.markPayoutPaid(trx, bookingId, claim, {
        transferId: transfer.id,
        at: now,
      })
      if (!recorded) {
        // Another run took the claim over; the idempotent transfer means it records this one.
        logger.warn({ bookingId }, 'payout claim lost before recording the transfer')
      }
      await this.ledger.recordPayout(trx, bookingId, carrierId, transfer.amountCents, transfer.id)
      if (payment) {
        await Payment.query({ client: trx })
          .where('id', payment.id)
          .update({ stripe_transfer_id: transfer.id, updated_at: this.stamp(trx, now) })
      }
    })
    return 'paid'
  }

  /** Takes the payout of one booking for this run (a conditional update: one winner). */
  private async claim(bookingId: number, ignoreBackoff: boolean): Promise<string | null> {
    const token = randomUUID()
    const taken = await this.settlement.claimPayout(bookingId, token, this.claimRule(ignoreBackoff))
    return taken ? token : null
  }

  /**
   * The carrier's connected account when it can receive transfers. A carrier marked incomplete
   * is asked about once more at the provider, in case the webhook has not arrived.
   */
  private async readyAccount(carrierId: number): Promise<string | null> {
    const account = await this.carriers.findPaymentAccountByCarrierId(carrierId)
    if (!account?.stripeAccountId) return null
    if (account.stripeOnboardingCompleted) return account.stripeAccountId
    const status = await (await payments.use()).getAccountStatus(account.stripeAccountId)
    if (!status.ok || !status.onboardingComplete || !status.payoutsEnabled) return null
    await this.carriers.markStripeOnboardingCompleted(carrierId)
    return account.stripeAccountId
  }

  private stamp(client: { dialect: { dateTimeFormat: string } }, at: DateTime) {
    return at.toFormat(client.dialect.dateTimeFormat)
  }
}
