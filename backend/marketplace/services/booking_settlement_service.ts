import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { rowCount } from '#core/transactions'

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
  /** Set when the attempt did not count (waiting for the carrier is not a failure). */
  attempts?: number
}

type Client = QueryClientContract | TransactionClientContract

const stamp = (client: Client, at: DateTime) => at.toFormat(client.dialect.dateTimeFormat)

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

  /** Payout pending -> released, for a paid booking. */
  async releasePayout(
    trx: TransactionClientContract,
    bookingId: number,
    at: DateTime
  ): Promise<boolean> {
    const when = stamp(trx, at)
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payout_status', 'pending')
      .where('payment_status', 'paid')
      .update({
        payout_status: 'released',
        payout_released_at: when,
        payout_failure_reason: null,
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

  /** Takes one booking's payout for a run under `token` (one winner), counting the attempt. */
  async claimPayout(bookingId: number, token: string, rule: PayoutClaimRule): Promise<boolean> {
    const client = db.connection()
    const updated = await this.payoutClaimable(client, rule)
      .where('id', bookingId)
      .update({
        payout_claim: token,
        payout_claimed_at: stamp(client, rule.now),
        payout_attempts: client.knexRawQuery('payout_attempts + 1'),
      })
    return rowCount(updated) === 1
  }

  /** Records the end of an attempt that paid nothing and gives the claim back. */
  async endPayoutAttempt(bookingId: number, token: string, end: PayoutAttemptEnd, at: DateTime) {
    const client = db.connection()
    await client
      .from('bookings')
      .where('id', bookingId)
      .where('payout_claim', token)
      .update({
        payout_status: end.payoutStatus,
        payout_failure_reason: end.failureReason,
        payout_next_attempt_at: end.nextAttemptAt ? stamp(client, end.nextAttemptAt) : null,
        ...(end.attempts === undefined ? {} : { payout_attempts: end.attempts }),
        payout_claim: null,
        payout_claimed_at: null,
        updated_at: stamp(client, at),
      })
  }

  /** The transfer went out: paid, under the claim this run holds. False if it was taken over. */
  async markPayoutPaid(
    trx: TransactionClientContract,
    bookingId: number,
    token: string,
    transfer: { transferId: string; at: DateTime }
  ): Promise<boolean> {
    const updated = await trx
      .from('bookings')
      .where('id', bookingId)
      .where('payout_claim', token)
      .update({
        payout_status: 'paid',
        stripe_transfer_id: transfer.transferId,
        payout_failure_reason: null,
        payout_next_attempt_at: null,
        payout_claim: null,
        payout_claimed_at: null,
        updated_at: stamp(trx, transfer.at),
      })
    return rowCount(updated) === 1
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
