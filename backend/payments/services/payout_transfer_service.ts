import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import payments from '#plugins/payments/services/main'
import BookingSettlementService, {
  type ClaimedPayout,
  type PayoutClaimRule,
} from '#marketplace/services/booking_settlement_service'
import Payment from '#payments/models/payment'
import LedgerService, { payoutTransaction } from '#payments/services/ledger_service'
import PayoutEligibilityService, { ONBOARDING_HOLD } from '#payments/services/payout_eligibility'
import {
  MAX_PAYOUT_ATTEMPTS,
  STALE_CLAIM_MINUTES,
  TRANSFER_CONCURRENCY,
  payoutBaseCents,
  retryDelayMinutes,
  type BatchOutcome,
} from '#payments/services/payout_rules'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { splitPayout } from '#core/money'
import { caseById, mapWithConcurrency } from '#core/batches'
import { payoutCentsTotal, payoutsTotal } from '#core/metrics'

/** A transfer the provider made, waiting to be recorded with the rest of its batch. */
type PaidTransfer = {
  payout: ClaimedPayout
  paymentId: number | null
  transfer: { id: string; amountCents: number }
}

/**
 * The transfer step of carrier payouts (released -> paid | failed, docs/decisions/0043, 0111),
 * a batch at a time: one statement claims the batch, the transfers go out a few at a time,
 * one transaction with one ledger chain append records them.
 */
@inject()
export default class PayoutTransferService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private eligibility: PayoutEligibilityService,
    private settlement: BookingSettlementService
  ) {}

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
   * Claims a batch of payouts (one statement; a second on PostgreSQL when rows locked for a
   * moment left it short), holds those whose carrier cannot be paid yet,
   * transfers the rest with bounded concurrency, then records the transfers in one transaction
   * with one chain append. Only the run holding a claim calls the provider; the idempotency
   * key makes even a repeated call (a claim taken over after a crash) one transfer. A refused
   * transfer fails only its own booking.
   */
  async payBatch(
    pick: { limit: number; bookingId?: number; carrierId?: number },
    ignoreBackoff: boolean
  ): Promise<{ bookingId: number; outcome: BatchOutcome }[]> {
    const token = randomUUID()
    const claimed = await this.settlement.claimPayouts(token, this.claimRule(ignoreBackoff), pick)
    if (claimed.length === 0) return []
    const outcomes = new Map<number, BatchOutcome>()

    const eligibility = await this.eligibility.forCarriers(claimed.map((c) => c.carrierId))
    const payable: { payout: ClaimedPayout; accountId: string }[] = []
    // Held bookings grouped by their reason and end (one statement per group).
    const holds = new Map<string, { reason: string; until: DateTime | null; ids: number[] }>()
    for (const payout of claimed) {
      const verdict = eligibility.get(payout.carrierId) ?? ONBOARDING_HOLD
      if (verdict.ready) {
        payable.push({ payout, accountId: verdict.accountId })
      } else {
        const key = `${verdict.reason}|${verdict.until?.toMillis() ?? ''}`
        const group = holds.get(key) ?? { reason: verdict.reason, until: verdict.until, ids: [] }
        group.ids.push(payout.bookingId)
        holds.set(key, group)
        outcomes.set(payout.bookingId, 'held')
      }
    }
    for (const { reason, until, ids } of holds.values()) {
      await this.settlement.endPayoutAttempts(
        ids,
        token,
        { payoutStatus: 'released', failureReason: reason, nextAttemptAt: until, counted: false },
        this.clock.now()
      )
    }

    const paid = await this.transferAll(token, payable, outcomes)
    await this.recordTransfers(token, paid)
    for (const { payout } of paid) outcomes.set(payout.bookingId, 'paid')
    for (const outcome of outcomes.values()) payoutsTotal.inc({ outcome })
    payoutCentsTotal.inc(paid.reduce((sum, { transfer }) => sum + transfer.amountCents, 0))
    return claimed.map((c) => ({ bookingId: c.bookingId, outcome: outcomes.get(c.bookingId)! }))
  }

  /**
   * Calls the provider for each payable payout, TRANSFER_CONCURRENCY at a time. A refusal (or
   * an error on the way) fails that booking with the reason and its backoff; the others go on.
   */
  private async transferAll(
    token: string,
    payable: { payout: ClaimedPayout; accountId: string }[],
    outcomes: Map<number, BatchOutcome>
  ): Promise<PaidTransfer[]> {
    if (payable.length === 0) return []
    const charges = await this.chargesOf(payable.map((p) => p.payout.bookingId))
    const driver = await payments.use()
    const results = await mapWithConcurrency(
      payable,
      TRANSFER_CONCURRENCY,
      async ({ payout, accountId }) => {
        const { bookingId, carrierId } = payout
        const charge = charges.get(bookingId)
        const transfer = await driver
          .transfer({
            accountId,
            amountCents: splitPayout(payoutBaseCents(payout)).payoutCents,
            idempotencyKey: `booking-${bookingId}-payout`,
            transferGroup: `booking_${bookingId}`,
            sourceTransaction: charge?.chargeId ?? undefined,
            metadata: { bookingId: String(bookingId), carrierId: String(carrierId) },
          })
          .catch((error: unknown) => ({
            ok: false as const,
            code: 'error',
            message: `The transfer could not be made: ${String((error as Error)?.message ?? error)}`,
          }))
        if (transfer.ok) {
          return { payout, paymentId: charge?.paymentId ?? null, transfer } as PaidTransfer
        }
        await this.failAttempt(token, payout, transfer.code, transfer.message)
        outcomes.set(bookingId, 'failed')
        return null
      }
    )
    return results.filter((result): result is PaidTransfer => result !== null)
  }

  /** A refused transfer: failed with the provider's message, retried after the backoff. */
  private async failAttempt(token: string, payout: ClaimedPayout, code: string, message: string) {
    const { bookingId, attempts } = payout
    const retryAt = this.clock.now().plus({ minutes: retryDelayMinutes(attempts) })
    await this.settlement.endPayoutAttempts(
      [bookingId],
      token,
      {
        payoutStatus: 'failed',
        failureReason: message.slice(0, 500),
        nextAttemptAt: attempts >= MAX_PAYOUT_ATTEMPTS ? null : retryAt,
        counted: true,
      },
      this.clock.now()
    )
    logger.warn({ bookingId, attempts, code, message }, 'payout transfer failed')
  }

  /**
   * The batch's transfers on the books, in one transaction: bookings paid (one statement), the
   * ledger's payout lines (one chain append), the payments rows' transfer ids (one statement).
   */
  private async recordTransfers(token: string, paid: PaidTransfer[]) {
    if (paid.length === 0) return
    await writeTransaction(async (trx) => {
      const now = this.clock.now()
      const recorded = new Set(
        await this.settlement.markPayoutsPaid(
          trx,
          token,
          paid.map(({ payout, transfer }) => ({
            bookingId: payout.bookingId,
            transferId: transfer.id,
          })),
          now
        )
      )
      for (const { payout } of paid) {
        if (!recorded.has(payout.bookingId)) {
          // Another run took the claim over; the idempotent transfer means it records this one.
          logger.warn(
            { bookingId: payout.bookingId },
            'payout claim lost before recording the transfer'
          )
        }
      }
      await this.ledger.postMany(
        trx,
        paid.map(({ payout, transfer }) =>
          payoutTransaction(payout.bookingId, payout.carrierId, transfer.amountCents, transfer.id)
        )
      )
      const rows = paid.filter((p) => p.paymentId !== null)
      if (rows.length > 0) {
        await Payment.query({ client: trx })
          .whereIn(
            'id',
            rows.map((p) => p.paymentId!)
          )
          .update({
            stripe_transfer_id: caseById(
              trx,
              rows.map((p) => [p.paymentId!, p.transfer.id] as const)
            ),
            updated_at: this.stamp(trx, now),
          })
      }
    })
  }

  /** Each booking's succeeded payment: its row and the charge the transfer is funded from. */
  private async chargesOf(bookingIds: number[]) {
    const rows = await Payment.query()
      .whereIn('shipmentId', bookingIds)
      // A late-cancel fee is paid out of a charge that was refunded in part (0178).
      .whereIn('status', ['SUCCEEDED', 'REFUNDED'])
      .orderBy('id')
      .select('id', 'shipmentId', 'stripeChargeId')
    const charges = new Map<number, { paymentId: number; chargeId: string | null }>()
    for (const row of rows) {
      if (!charges.has(row.shipmentId)) {
        charges.set(row.shipmentId, { paymentId: row.id, chargeId: row.stripeChargeId })
      }
    }
    return charges
  }

  private stamp(client: { dialect: { dateTimeFormat: string } }, at: DateTime) {
    return at.toFormat(client.dialect.dateTimeFormat)
  }
}
