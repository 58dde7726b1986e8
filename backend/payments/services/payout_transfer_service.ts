import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import payments from '#plugins/payments/services/main'
import type { PayoutClaimRule } from '#marketplace/services/booking_settlement_service'
import LedgerService from '#payments/services/ledger_service'
import ClaimRecoveryService from '#payments/services/claim_recovery_service'
import PayoutEligibilityService, { ONBOARDING_HOLD } from '#payments/services/payout_eligibility'
import {
  MAX_PAYOUT_ATTEMPTS,
  STALE_CLAIM_MINUTES,
  TRANSFER_CONCURRENCY,
  retryDelayMinutes,
  type BatchOutcome,
} from '#payments/services/payout_rules'
import { Clock } from '#core/clock'
import { writeTransaction } from '#core/transactions'
import { mapWithConcurrency } from '#core/batches'
import { payoutCentsTotal, payoutsTotal } from '#core/metrics'
import type { PayoutChange } from '#payments/payout_events'
import type { PayoutSubject, SubjectPayout } from '#payments/services/payout_subjects'

/** A transfer the provider made, waiting to be recorded with the rest of its batch. */
type PaidTransfer = {
  payout: SubjectPayout
  paymentId: number | null
  transfer: { id: string; amountCents: number }
}

/**
 * The transfer step of carrier payouts (released -> paid | failed, docs/decisions/0043, 0111),
 * a batch at a time: one statement claims the batch, the transfers go out a few at a time,
 * one transaction with one ledger chain append records them. The same for every payout
 * subject: a booking, or a delivered expedited job (payout_subjects.ts, decision 0188).
 */
@inject()
export default class PayoutTransferService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private eligibility: PayoutEligibilityService,
    private recoveries: ClaimRecoveryService
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
   * transfer fails only its own payout. Outcomes are by the subject's id.
   */
  async payBatch(
    subject: PayoutSubject,
    pick: { limit: number; id?: number; carrierId?: number },
    ignoreBackoff: boolean
  ): Promise<{ id: number; outcome: BatchOutcome }[]> {
    const token = randomUUID()
    const claimed = await subject.claim(token, this.claimRule(ignoreBackoff), pick)
    if (claimed.length === 0) return []
    const outcomes = new Map<number, BatchOutcome>()
    // Held for a reason they were not held for before: the carrier and the admins are told.
    const newlyHeld: SubjectPayout[] = []

    const eligibility = await this.eligibility.forCarriers(claimed.map((c) => c.carrierId))
    const payable: { payout: SubjectPayout; accountId: string }[] = []
    // Held payouts grouped by their reason and end (one statement per group).
    const holds = new Map<string, { reason: string; until: DateTime | null; ids: number[] }>()
    for (const payout of claimed) {
      const verdict = eligibility.get(payout.carrierId) ?? ONBOARDING_HOLD
      if (verdict.ready) {
        payable.push({ payout, accountId: verdict.accountId })
      } else {
        const key = `${verdict.reason}|${verdict.until?.toMillis() ?? ''}`
        const group = holds.get(key) ?? { reason: verdict.reason, until: verdict.until, ids: [] }
        group.ids.push(payout.id)
        holds.set(key, group)
        outcomes.set(payout.id, 'held')
        if (payout.failureReason !== verdict.reason) newlyHeld.push(payout)
      }
    }
    for (const { reason, until, ids } of holds.values()) {
      await subject.endAttempts(
        ids,
        token,
        { payoutStatus: 'released', failureReason: reason, nextAttemptAt: until, counted: false },
        this.clock.now()
      )
    }

    // Cargo-claim recoveries the carrier owes are netted first (decision 0254): the transfer
    // is the payout less them; a payout they use up is paid without a transfer.
    const deducted = await this.recoveries.deduct(
      subject.kind,
      payable.map((p) => p.payout)
    )
    const netted = payable.map(({ payout, accountId }) => ({
      payout: { ...payout, payoutCents: payout.payoutCents - (deducted.get(payout.id) ?? 0) },
      accountId,
      usedUp: deducted.has(payout.id) && payout.payoutCents - deducted.get(payout.id)! <= 0,
    }))
    const paid = await this.transferAll(subject, token, netted, outcomes)
    await this.recordTransfers(subject, token, paid)
    for (const { payout } of paid) outcomes.set(payout.id, 'paid')
    for (const outcome of outcomes.values()) payoutsTotal.inc({ outcome })
    payoutCentsTotal.inc(paid.reduce((sum, { transfer }) => sum + transfer.amountCents, 0))
    // The payout notices name bookings (decision 0171); an expedited payout is not announced.
    if (subject.kind === 'booking') await this.announce(claimed, outcomes, newlyHeld)
    return claimed.map((c) => ({ id: c.id, outcome: outcomes.get(c.id)! }))
  }

  /**
   * After the batch is recorded: one event for its paid payouts, one for its failed ones and one
   * for those newly held (docs/decisions/0171). A payout still held for the same reason is
   * claimed again at every run until the carrier onboards: it changed nothing, so it is not
   * announced again.
   */
  private async announce(
    claimed: SubjectPayout[],
    outcomes: Map<number, BatchOutcome>,
    newlyHeld: SubjectPayout[]
  ) {
    const of = (payouts: SubjectPayout[]) =>
      payouts.map(({ id, carrierId }) => ({ bookingId: id, carrierId }))
    for (const change of ['paid', 'failed'] as const satisfies readonly PayoutChange[]) {
      const payouts = of(claimed.filter((c) => outcomes.get(c.id) === change))
      if (payouts.length > 0) await emitter.emit('payouts:changed', { change, payouts })
    }
    if (newlyHeld.length > 0) {
      await emitter.emit('payouts:changed', { change: 'held', payouts: of(newlyHeld) })
    }
  }

  /**
   * Calls the provider for each payable payout, TRANSFER_CONCURRENCY at a time. A refusal (or
   * an error on the way) fails that payout with the reason and its backoff; the others go on.
   */
  private async transferAll(
    subject: PayoutSubject,
    token: string,
    payable: { payout: SubjectPayout; accountId: string; usedUp: boolean }[],
    outcomes: Map<number, BatchOutcome>
  ): Promise<PaidTransfer[]> {
    if (payable.length === 0) return []
    const charges = await subject.sources(payable.map((p) => p.payout.id))
    const driver = await payments.use()
    const results = await mapWithConcurrency(
      payable,
      TRANSFER_CONCURRENCY,
      async ({ payout, accountId, usedUp }) => {
        if (usedUp) {
          // All of it went to a claim's recovery (decision 0254): nothing to transfer.
          const paymentId = charges.get(payout.id)?.paymentId ?? null
          const transfer = { id: `netted-${subject.kind}-${payout.id}`, amountCents: 0 }
          return { payout, paymentId, transfer } as PaidTransfer
        }
        const transfer = await driver
          .transfer({
            accountId,
            amountCents: payout.payoutCents,
            sourceTransaction: charges.get(payout.id)?.chargeId ?? undefined,
            ...subject.transferKeys(payout),
          })
          .catch((error: unknown) => ({
            ok: false as const,
            code: 'error',
            message: `The transfer could not be made: ${String((error as Error)?.message ?? error)}`,
          }))
        if (transfer.ok) {
          const paymentId = charges.get(payout.id)?.paymentId ?? null
          return { payout, paymentId, transfer } as PaidTransfer
        }
        await this.failAttempt(subject, token, payout, transfer.code, transfer.message)
        outcomes.set(payout.id, 'failed')
        return null
      }
    )
    return results.filter((result): result is PaidTransfer => result !== null)
  }

  /** A refused transfer: failed with the provider's message, retried after the backoff. */
  private async failAttempt(
    subject: PayoutSubject,
    token: string,
    payout: SubjectPayout,
    code: string,
    message: string
  ) {
    const { id, attempts } = payout
    const retryAt = this.clock.now().plus({ minutes: retryDelayMinutes(attempts) })
    await subject.endAttempts(
      [id],
      token,
      {
        payoutStatus: 'failed',
        failureReason: message.slice(0, 500),
        nextAttemptAt: attempts >= MAX_PAYOUT_ATTEMPTS ? null : retryAt,
        counted: true,
      },
      this.clock.now()
    )
    logger.warn({ [subject.kind]: id, attempts, code, message }, 'payout transfer failed')
  }

  /**
   * The batch's transfers on the books, in one transaction: the subjects paid (one statement,
   * with their payments rows' transfer ids), the ledger's payout lines (one chain append).
   */
  private async recordTransfers(subject: PayoutSubject, token: string, paid: PaidTransfer[]) {
    if (paid.length === 0) return
    await writeTransaction(async (trx) => {
      const recorded = new Set(
        await subject.markPaid(
          trx,
          token,
          paid.map(({ payout, paymentId, transfer }) => ({
            id: payout.id,
            paymentId,
            transferId: transfer.id,
          })),
          this.clock.now()
        )
      )
      for (const { payout } of paid) {
        if (!recorded.has(payout.id)) {
          // Another run took the claim over; the idempotent transfer means it records this one.
          logger.warn(
            { [subject.kind]: payout.id },
            'payout claim lost before recording the transfer'
          )
        }
      }
      await this.ledger.postMany(
        trx,
        paid
          .filter(({ transfer }) => !transfer.id.startsWith('netted-'))
          .map(({ payout, transfer }) =>
            subject.ledgerTransaction(payout, transfer.amountCents, transfer.id)
          )
      )
    })
  }
}
