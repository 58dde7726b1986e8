import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import BookingSettlementService, {
  type PayoutAttemptEnd,
  type PayoutClaimRule,
} from '#marketplace/services/booking_settlement_service'
import Payment from '#payments/models/payment'
import {
  payoutLines,
  payoutTransaction,
  type LedgerTransaction,
} from '#payments/services/ledger_service'
import { carrierPayoutCents } from '#payments/services/payout_rules'
import { expeditedLedgerKey } from '#payments/services/expedited_payment_service'
import { caseById } from '#core/batches'
import { splitPayout } from '#core/money'
import { rowCount } from '#core/transactions'

/**
 * What a carrier payout is paid for (docs/decisions/0043, 0188): a booking, or a delivered
 * expedited job. The payout run (PayoutTransferService) claims, holds, transfers, retries and
 * records payouts the same way for both; a subject says where its payout state is stored, what
 * the carrier is owed, and how the transfer and its ledger line are keyed.
 */
export type PayoutSubjectKind = 'booking' | 'expedited'

/** A payout a run has claimed: the subject's id, its carrier and what the transfer pays. */
export type SubjectPayout = {
  id: number
  carrierId: number
  /** the carrier's share, cents (the one payout split) */
  payoutCents: number
  /** attempts so far, this one included */
  attempts: number
  /** why the last attempt ended unpaid (a hold's reason, a refusal), null if none */
  failureReason: string | null
}

/** The charge a payout is funded from, and the payments row to note the transfer on. */
export type PayoutSource = { paymentId: number | null; chargeId: string | null }

/** A transfer made for a claimed payout, to record. */
export type PaidPayout = { id: number; paymentId: number | null; transferId: string }

export interface PayoutSubject {
  readonly kind: PayoutSubjectKind
  /** Takes up to `limit` claimable payouts under `token` (a conditional update). */
  claim(
    token: string,
    rule: PayoutClaimRule,
    pick: { limit: number; id?: number; carrierId?: number }
  ): Promise<SubjectPayout[]>
  /** Ends attempts that paid nothing (held, failed) and gives their claims back. */
  endAttempts(ids: number[], token: string, end: PayoutAttemptEnd, at: DateTime): Promise<void>
  /** Records transfers made under `token` (and on their payments rows); answers the ids recorded. */
  markPaid(
    trx: TransactionClientContract,
    token: string,
    transfers: PaidPayout[],
    at: DateTime
  ): Promise<number[]>
  /** An operator's retry of a failed payout: its attempts start again. */
  resetFailed(id: number): Promise<boolean>
  /** Each subject's charge, for the transfer's source. */
  sources(ids: number[]): Promise<Map<number, PayoutSource>>
  /** The provider transfer's idempotency key, group and metadata. */
  transferKeys(payout: SubjectPayout): {
    idempotencyKey: string
    transferGroup: string
    metadata: Record<string, string>
  }
  /** The ledger's payout transaction, settling the carrier's payable. */
  ledgerTransaction(payout: SubjectPayout, cents: number, transferId: string): LedgerTransaction
}

/** Bookings' payouts: state on `bookings` (marketplace's), written through its settlement. */
@inject()
export class BookingPayouts implements PayoutSubject {
  readonly kind = 'booking' as const
  constructor(private settlement: BookingSettlementService) {}

  async claim(
    token: string,
    rule: PayoutClaimRule,
    pick: { limit: number; id?: number; carrierId?: number }
  ) {
    const claimed = await this.settlement.claimPayouts(token, rule, {
      limit: pick.limit,
      bookingId: pick.id,
      carrierId: pick.carrierId,
    })
    return claimed.map((c) => ({
      id: c.bookingId,
      carrierId: c.carrierId,
      payoutCents: carrierPayoutCents(c),
      attempts: c.attempts,
      failureReason: c.failureReason,
    }))
  }

  endAttempts(ids: number[], token: string, end: PayoutAttemptEnd, at: DateTime) {
    return this.settlement.endPayoutAttempts(ids, token, end, at)
  }

  async markPaid(
    trx: TransactionClientContract,
    token: string,
    transfers: PaidPayout[],
    at: DateTime
  ) {
    const recorded = await this.settlement.markPayoutsPaid(
      trx,
      token,
      transfers.map((t) => ({ bookingId: t.id, transferId: t.transferId })),
      at
    )
    // The booking's payments row carries the transfer too.
    const rows = transfers.flatMap((t) =>
      t.paymentId === null ? [] : [[t.paymentId, t.transferId] as const]
    )
    if (rows.length > 0) {
      await Payment.query({ client: trx })
        .whereIn(
          'id',
          rows.map(([id]) => id)
        )
        .update({ stripe_transfer_id: caseById(trx, rows), updated_at: stamp(trx, at) })
    }
    return recorded
  }

  resetFailed(id: number) {
    return this.settlement.resetFailedPayout(id)
  }

  /** Each booking's succeeded payment: its row and the charge the transfer is funded from. */
  async sources(bookingIds: number[]) {
    const rows = await Payment.query()
      .whereIn('shipmentId', bookingIds)
      // A late-cancel fee is paid out of a charge that was refunded in part (0178).
      .whereIn('status', ['SUCCEEDED', 'REFUNDED'])
      .orderBy('id')
      .select('id', 'shipmentId', 'stripeChargeId')
    const charges = new Map<number, PayoutSource>()
    for (const row of rows) {
      if (!charges.has(row.shipmentId)) {
        charges.set(row.shipmentId, { paymentId: row.id, chargeId: row.stripeChargeId })
      }
    }
    return charges
  }

  transferKeys({ id, carrierId }: SubjectPayout) {
    return {
      idempotencyKey: `booking-${id}-payout`,
      transferGroup: `booking_${id}`,
      metadata: { bookingId: String(id), carrierId: String(carrierId) },
    }
  }

  ledgerTransaction(payout: SubjectPayout, cents: number, transferId: string) {
    return payoutTransaction(payout.id, payout.carrierId, cents, transferId)
  }
}

type Client = QueryClientContract | TransactionClientContract

const stamp = (client: Client, at: DateTime) => at.toFormat(client.dialect.dateTimeFormat)

/**
 * Delivered expedited jobs' payouts (docs/decisions/0188): state on the job's succeeded
 * `expedited_payments` row (payments'), set released by the delivery's ledger release and due
 * 48 hours after it. The subject id is the job's id; transfers are keyed
 * `expedited-job-<id>-payout` in the job's transfer group, and the ledger's payout transaction
 * is `expedited-<id>-payout`.
 */
export class ExpeditedPayouts implements PayoutSubject {
  readonly kind = 'expedited' as const

  /** Payouts a run may take now: released or failed, due, unclaimed (or stale), backoff over. */
  claimable(client: Client, rule: PayoutClaimRule) {
    const query = client
      .from('expedited_payments')
      .whereIn('payout_status', ['released', 'failed'])
      .where('payout_due_at', '<=', stamp(client, rule.now))
      .where((q) =>
        q
          .whereNull('payout_claim')
          .orWhere('payout_claimed_at', '<', stamp(client, rule.staleBefore))
      )
    if (rule.maxAttempts !== null) {
      query
        .where('payout_attempts', '<', rule.maxAttempts)
        .where((q) =>
          q
            .whereNull('payout_next_attempt_at')
            .orWhere('payout_next_attempt_at', '<=', stamp(client, rule.now))
        )
    }
    return query
  }

  /**
   * As the bookings' claim: one conditional update of up to `limit` rows, PostgreSQL skipping
   * rows another run has locked for a batch, then taking the rest waiting for them.
   */
  async claim(
    token: string,
    rule: PayoutClaimRule,
    pick: { limit: number; id?: number; carrierId?: number }
  ) {
    const client = db.connection()
    const isPg = client.dialect.name === 'postgres'
    const batch = pick.id === undefined
    const claimed = await this.claimSome(client, token, rule, pick, pick.limit, isPg && batch)
    if (isPg && batch && claimed.length < pick.limit) {
      claimed.push(
        ...(await this.claimSome(client, token, rule, pick, pick.limit - claimed.length, false))
      )
    }
    return claimed.sort((a, b) => a.id - b.id)
  }

  private async claimSome(
    client: Client,
    token: string,
    rule: PayoutClaimRule,
    pick: { id?: number; carrierId?: number },
    limit: number,
    skipLocked: boolean
  ): Promise<SubjectPayout[]> {
    const candidates = this.claimable(client, rule).select('id').orderBy('id').limit(limit)
    if (pick.id !== undefined) candidates.where('expedited_job_id', pick.id)
    if (pick.carrierId !== undefined) candidates.where('carrier_id', pick.carrierId)
    if (client.dialect.name === 'postgres') {
      candidates.forUpdate()
      if (skipLocked) candidates.skipLocked()
    }
    const rows = await this.claimable(client, rule)
      .whereIn('id', candidates)
      .update(
        {
          payout_claim: token,
          payout_claimed_at: stamp(client, rule.now),
          payout_attempts: client.knexRawQuery('payout_attempts + 1'),
        },
        [
          'expedited_job_id',
          'carrier_id',
          'amount_cents',
          'payout_attempts',
          'payout_failure_reason',
        ]
      )
    return (rows as Record<string, unknown>[]).map((row) => ({
      id: Number(row.expedited_job_id),
      carrierId: Number(row.carrier_id),
      payoutCents: splitPayout(Number(row.amount_cents)).payoutCents,
      attempts: Number(row.payout_attempts),
      failureReason: (row.payout_failure_reason as string | null) ?? null,
    }))
  }

  async endAttempts(ids: number[], token: string, end: PayoutAttemptEnd, at: DateTime) {
    if (ids.length === 0) return
    const client = db.connection()
    await client
      .from('expedited_payments')
      .whereIn('expedited_job_id', ids)
      .where('payout_claim', token)
      .update({
        payout_status: end.payoutStatus,
        payout_failure_reason: end.failureReason,
        payout_next_attempt_at: end.nextAttemptAt ? stamp(client, end.nextAttemptAt) : null,
        // waiting for the carrier is not a failed attempt: the claim's count is given back
        ...(end.counted ? {} : { payout_attempts: client.knexRawQuery('payout_attempts - 1') }),
        payout_claim: null,
        payout_claimed_at: null,
        updated_at: stamp(client, at),
      })
  }

  async markPaid(
    trx: TransactionClientContract,
    token: string,
    transfers: PaidPayout[],
    at: DateTime
  ) {
    if (transfers.length === 0) return []
    const rows = await trx
      .from('expedited_payments')
      .whereIn(
        'expedited_job_id',
        transfers.map((t) => t.id)
      )
      .where('payout_claim', token)
      .update(
        {
          payout_status: 'paid',
          transfer_id: caseByJob(
            trx,
            transfers.map((t) => [t.id, t.transferId])
          ),
          payout_failure_reason: null,
          payout_next_attempt_at: null,
          payout_claim: null,
          payout_claimed_at: null,
          updated_at: stamp(trx, at),
        },
        ['expedited_job_id']
      )
    return (rows as { expedited_job_id: unknown }[])
      .map((row) => Number(row.expedited_job_id))
      .sort((a, b) => a - b)
  }

  async resetFailed(id: number) {
    const updated = await db
      .connection()
      .from('expedited_payments')
      .where('expedited_job_id', id)
      .where('payout_status', 'failed')
      .whereNull('payout_claim')
      .update({ payout_attempts: 0, payout_next_attempt_at: null })
    return rowCount(updated) === 1
  }

  async sources(jobIds: number[]) {
    const rows = await db
      .from('expedited_payments')
      .whereIn('expedited_job_id', jobIds)
      .whereNotNull('payout_status')
      .select('id', 'expedited_job_id', 'charge_id')
    return new Map<number, PayoutSource>(
      rows.map((row) => [
        Number(row.expedited_job_id),
        { paymentId: Number(row.id), chargeId: row.charge_id ?? null },
      ])
    )
  }

  transferKeys({ id, carrierId }: SubjectPayout) {
    return {
      idempotencyKey: `expedited-job-${id}-payout`,
      transferGroup: `expedited_job_${id}`,
      metadata: { expeditedJobId: String(id), carrierId: String(carrierId) },
    }
  }

  ledgerTransaction(payout: SubjectPayout, cents: number, transferId: string) {
    return {
      key: expeditedLedgerKey(payout.id, 'payout'),
      bookingId: null,
      memo: `transfer ${transferId}`.slice(0, 200),
      lines: payoutLines(cents, payout.carrierId),
    }
  }
}

/** `CASE expedited_job_id WHEN ? THEN ? ... END` for one statement over a batch. */
function caseByJob(client: Client, pairs: (readonly [number, string])[]) {
  const whens = pairs.map(() => 'WHEN ? THEN ?').join(' ')
  return client.knexRawQuery(
    `CASE expedited_job_id ${whens} END`,
    pairs.flatMap(([id, value]) => [id, value])
  )
}
