import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { rowCount } from '#core/transactions'
import { caseById } from '#core/batches'

/** What a payout claim may take: the payments module's retry policy, passed in. */
export type PayoutClaimRule = {
  now: DateTime
  /** A claim taken before this is from a run that died; it may be taken over. */
  staleBefore: DateTime
  /** Attempts allowed before an operator must retry; null ignores attempts and backoff. */
  maxAttempts: number | null
}

/** The end of one transfer attempt: held for onboarding, or failed with a reason. */
export type PayoutAttemptEnd = {
  payoutStatus: 'released' | 'failed'
  failureReason: string
  nextAttemptAt: DateTime | null
  /** False when the attempt does not count (waiting for the carrier is not a failure). */
  counted: boolean
}

/** A payout a run has claimed: what the transfer needs of its booking. */
export type ClaimedPayout = {
  bookingId: number
  carrierId: number
  totalAmount: string | number | null
  /** a cancelled booking's late-cancel fee, cents: what its payout is a share of (0178) */
  cancellationFeeCents: number | null
  /** the quick-pay fee taken off the carrier's payout, cents; null unless quick-paid (0222) */
  quickPayFeeCents: number | null
  /** what a settled cargo claim refunded out of the carrier's payout, cents; null if none (0233) */
  claimRefundCents: number | null
  /** attempts so far, this one included */
  attempts: number
  /** why the last attempt ended unpaid (a hold's reason, a refusal), null if none */
  failureReason: string | null
}

type Client = QueryClientContract | TransactionClientContract

const stamp = (client: Client, at: DateTime) => at.toFormat(client.dialect.dateTimeFormat)

/** Ids from an UPDATE ... RETURNING id (objects on both databases). */
const idsOf = (rows: unknown) =>
  (rows as { id: unknown }[]).map((row) => Number(row.id)).sort((a, b) => a - b)

/**
 * The payment and payout state of a booking (`payment_status`, `payout_status` and their
 * columns). Bookings are marketplace's table, so marketplace writes them; payments decides
 * when a booking is paid, refunded, released or paid out and asks for the change here. Every
 * transition is a conditional update that answers whether this call made it, so two webhooks,
 * two release runs or a run racing a completion change a booking once.
 */
export default class BookingSettlementService {
  /** The provider's payment intent for the booking (one per booking, reused on retries). */
  async recordPaymentIntent(trx: TransactionClientContract, bookingId: number, intentId: string) {
    await trx.from('bookings').where('id', bookingId).update({ stripe_payment_intent_id: intentId })
  }

  /** pending -> paid, with the intent that paid and when. */
  async markPaid(
    trx: TransactionClientContract,
    bookingId: number,
    payment: { intentId: string; at: DateTime }
  ): Promise<boolean> {
    const at = stamp(trx, payment.at)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payment_status', 'pending')
      .update({
        payment_status: 'paid',
        payment_confirmed_at: at,
        stripe_payment_intent_id: payment.intentId,
        updated_at: at,
      })
    return rowCount(updated) === 1
  }

  /** paid -> refunded. */
  async markRefunded(
    trx: TransactionClientContract,
    bookingId: number,
    at: DateTime
  ): Promise<boolean> {
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payment_status', 'paid')
      .update({ payment_status: 'refunded', updated_at: stamp(trx, at) })
    return rowCount(updated) === 1
  }

  /**
   * Payout pending -> released for a cancelled, refunded booking that kept a late-cancel fee
   * for its carrier (docs/decisions/0178). Answers whether this call released it.
   */
  async releaseCancellationFee(
    trx: TransactionClientContract,
    bookingId: number,
    at: DateTime
  ): Promise<boolean> {
    const when = stamp(trx, at)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('status', 'cancelled')
      .where('payment_status', 'refunded')
      .where('cancellation_fee_cents', '>', 0)
      .where('payout_status', 'pending')
      .update({
        payout_status: 'released',
        payout_released_at: when,
        payout_failure_reason: null,
        updated_at: when,
      })
    return rowCount(updated) === 1
  }

  /**
   * Payout pending -> released, for paid bookings (a release batch, one statement). Answers
   * the ids this call released.
   */
  async releasePayouts(
    trx: TransactionClientContract,
    bookingIds: number[],
    at: DateTime
  ): Promise<number[]> {
    if (bookingIds.length === 0) return []
    const when = stamp(trx, at)
    const rows = await trx
      .from('bookings')
      .whereIn('id', bookingIds)
      .where('payout_status', 'pending')
      .where('payment_status', 'paid')
      // A cargo claim holding the payout keeps it pending (docs/decisions/0233).
      .whereNull('claim_hold_claim_id')
      .update(
        {
          payout_status: 'released',
          payout_released_at: when,
          payout_failure_reason: null,
          updated_at: when,
        },
        ['id']
      )
    return idsOf(rows)
  }

  /**
   * A cargo claim filed on a booking whose payout is still pending holds it
   * (docs/decisions/0233): one conditional update, so a claim racing the release run either
   * holds the payout before the run's release (which then skips it) or finds it released.
   * Answers whether this call holds it.
   */
  async holdPayoutForClaim(
    trx: TransactionClientContract,
    bookingId: number,
    claimId: number,
    at: DateTime
  ): Promise<boolean> {
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payout_status', 'pending')
      .whereNull('claim_hold_claim_id')
      .update({ claim_hold_claim_id: claimId, updated_at: stamp(trx, at) })
    return rowCount(updated) === 1
  }

  /** The claim resolved with nothing to refund: its hold ends, the payout runs as usual. */
  async endClaimHold(
    trx: TransactionClientContract,
    bookingId: number,
    claimId: number,
    at: DateTime
  ): Promise<boolean> {
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('claim_hold_claim_id', claimId)
      .update({ claim_hold_claim_id: null, updated_at: stamp(trx, at) })
    return rowCount(updated) === 1
  }

  /**
   * A held claim settled with a refund out of the payout: the hold ends and the payout is
   * released now with the refund recorded (`claim_refund_cents`), in one conditional update.
   * Answers whether this call released it.
   */
  async releaseForClaim(
    trx: TransactionClientContract,
    bookingId: number,
    claimId: number,
    refundCents: number,
    at: DateTime
  ): Promise<boolean> {
    const when = stamp(trx, at)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('claim_hold_claim_id', claimId)
      .where('payout_status', 'pending')
      .where('payment_status', 'paid')
      .update({
        claim_hold_claim_id: null,
        claim_refund_cents: refundCents,
        payout_status: 'released',
        payout_released_at: when,
        payout_failure_reason: null,
        updated_at: when,
      })
    return rowCount(updated) === 1
  }

  /**
   * Quick pay (docs/decisions/0222): payout pending -> released now, for a delivered, paid
   * booking of a carrier, with the fee taken off the payout recorded. The same conditional
   * update as a release (`payout_status = 'pending'`), so a quick pay racing another or the
   * release run releases the booking once. Answers whether this call released it.
   */
  async releaseQuickPay(
    trx: TransactionClientContract,
    bookingId: number,
    feeCents: number,
    at: DateTime
  ): Promise<boolean> {
    const when = stamp(trx, at)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('status', 'delivered')
      .where('payment_status', 'paid')
      .where('payout_status', 'pending')
      .whereNotNull('carrier_id')
      .whereNull('quick_pay_fee_cents')
      .whereNull('claim_hold_claim_id')
      .update({
        payout_status: 'released',
        payout_released_at: when,
        payout_failure_reason: null,
        quick_pay_fee_cents: feeCents,
        quick_paid_at: when,
        updated_at: when,
      })
    return rowCount(updated) === 1
  }

  /**
   * Bookings whose payout a run may take now: released or failed, not claimed by a live run
   * and, unless the rule ignores them, with attempts left and the backoff over.
   */
  payoutClaimable(client: Client, rule: PayoutClaimRule) {
    const query = client
      .from('bookings')
      .whereIn('payout_status', ['released', 'failed'])
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
   * Takes up to `limit` claimable payouts (oldest first) for a run under `token`, counting an
   * attempt on each: a conditional update, so two runs never take the same booking. On
   * PostgreSQL a batch first skips rows another run has locked (two runs take disjoint
   * batches at once); if that leaves it short, it takes the rest waiting for those locks, so
   * a booking only locked for a moment (a parallel release looking at it) is not left behind.
   * Locks are taken in id order, so claims never deadlock.
   */
  async claimPayouts(
    token: string,
    rule: PayoutClaimRule,
    pick: { limit: number; bookingId?: number; carrierId?: number }
  ): Promise<ClaimedPayout[]> {
    const client = db.connection()
    const isPg = client.dialect.name === 'postgres'
    const batch = pick.bookingId === undefined
    const claimed = await this.claimSome(client, token, rule, pick, pick.limit, isPg && batch)
    if (isPg && batch && claimed.length < pick.limit) {
      claimed.push(
        ...(await this.claimSome(client, token, rule, pick, pick.limit - claimed.length, false))
      )
    }
    return claimed.sort((a, b) => a.bookingId - b.bookingId)
  }

  private async claimSome(
    client: Client,
    token: string,
    rule: PayoutClaimRule,
    pick: { bookingId?: number; carrierId?: number },
    limit: number,
    skipLocked: boolean
  ): Promise<ClaimedPayout[]> {
    const candidates = this.payoutClaimable(client, rule).select('id').orderBy('id').limit(limit)
    if (pick.bookingId !== undefined) candidates.where('id', pick.bookingId)
    if (pick.carrierId !== undefined) candidates.where('carrier_id', pick.carrierId)
    if (client.dialect.name === 'postgres') {
      candidates.forUpdate()
      if (skipLocked) candidates.skipLocked()
    }
    const rows = await this.payoutClaimable(client, rule)
      .whereIn('id', candidates)
      .update(
        {
          payout_claim: token,
          payout_claimed_at: stamp(client, rule.now),
          payout_attempts: client.knexRawQuery('payout_attempts + 1'),
        },
        [
          'id',
          'carrier_id',
          'total_amount',
          'cancellation_fee_cents',
          'quick_pay_fee_cents',
          'claim_refund_cents',
          'payout_attempts',
          'payout_failure_reason',
        ]
      )
    return (rows as Record<string, unknown>[]).map((row) => ({
      bookingId: Number(row.id),
      carrierId: Number(row.carrier_id),
      totalAmount: row.total_amount as string | number | null,
      cancellationFeeCents:
        row.cancellation_fee_cents === null || row.cancellation_fee_cents === undefined
          ? null
          : Number(row.cancellation_fee_cents),
      quickPayFeeCents:
        row.quick_pay_fee_cents === null || row.quick_pay_fee_cents === undefined
          ? null
          : Number(row.quick_pay_fee_cents),
      claimRefundCents:
        row.claim_refund_cents === null || row.claim_refund_cents === undefined
          ? null
          : Number(row.claim_refund_cents),
      attempts: Number(row.payout_attempts),
      failureReason: (row.payout_failure_reason as string | null) ?? null,
    }))
  }

  /**
   * Records the end of attempts that paid nothing and gives their claims back: one statement
   * for bookings that end the same way (a batch held for its carriers' onboarding).
   */
  async endPayoutAttempts(
    bookingIds: number[],
    token: string,
    end: PayoutAttemptEnd,
    at: DateTime
  ) {
    if (bookingIds.length === 0) return
    const client = db.connection()
    await client
      .from('bookings')
      .whereIn('id', bookingIds)
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

  /**
   * The transfers went out: paid, under the claim this run holds, in one statement. Answers the
   * ids recorded; a booking missing was taken over by another run (its claim went stale).
   */
  async markPayoutsPaid(
    trx: TransactionClientContract,
    token: string,
    transfers: { bookingId: number; transferId: string }[],
    at: DateTime
  ): Promise<number[]> {
    if (transfers.length === 0) return []
    const ids = transfers.map((t) => t.bookingId)
    const rows = await trx
      .from('bookings')
      .whereIn('id', ids)
      .where('payout_claim', token)
      .update(
        {
          payout_status: 'paid',
          stripe_transfer_id: caseById(
            trx,
            transfers.map((t) => [t.bookingId, t.transferId])
          ),
          payout_failure_reason: null,
          payout_next_attempt_at: null,
          payout_claim: null,
          payout_claimed_at: null,
          updated_at: stamp(trx, at),
        },
        ['id']
      )
    return idsOf(rows)
  }

  /** An operator's retry of a failed payout: its attempts start again. False if not failed. */
  async resetFailedPayout(bookingId: number): Promise<boolean> {
    const updated = await db
      .connection()
      .from('bookings')
      .where('id', bookingId)
      .where('payout_status', 'failed')
      .whereNull('payout_claim')
      .update({ payout_attempts: 0, payout_next_attempt_at: null })
    return rowCount(updated) === 1
  }
}
