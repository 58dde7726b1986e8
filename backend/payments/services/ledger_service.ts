import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { LEDGER_CHAIN } from '#payments/chains'
import { Clock } from '#core/clock'
import { appendToChain } from '#core/hash_chain'
import { assertCents, splitPayout } from '#core/money'
import { inject } from '@adonisjs/core'

/**
 * The double-entry ledger (docs/decisions/0044). Accounts, from the platform's side:
 * - provider_cash: money at the payment provider (debited by a charge, credited by payouts
 *   and refunds)
 * - escrow: what the platform holds for a booking between the charge and the release
 * - platform_revenue: the platform's 9 percent, and the quick-pay fees carriers pay to be paid
 *   at once (docs/decisions/0222)
 * - carrier_payable:<carrierId>: what the platform owes a carrier until the transfer is made
 * - carrier_receivable:<carrierId>: what a carrier owes the platform for the cargo-claim
 *   recoveries it refunded the shipper at once, paid back out of later payouts (decision 0254)
 * - shipper_payable:<shipperId>: the part of such a recovery the shipper's card could not take
 *   back, owed to the shipper (decision 0254)
 * Positive amounts are debits, negative ones credits; each transaction sums to zero.
 */
export const ACCOUNTS = {
  providerCash: 'provider_cash',
  escrow: 'escrow',
  platformRevenue: 'platform_revenue',
  carrierPayable: (carrierId: number) => `carrier_payable:${carrierId}`,
  carrierReceivable: (carrierId: number) => `carrier_receivable:${carrierId}`,
  shipperPayable: (shipperId: number) => `shipper_payable:${shipperId}`,
} as const

export type LedgerLine = { account: string; kind: LedgerKind; amountCents: number }

export type LedgerKind =
  | 'charge'
  | 'refund'
  | 'release'
  | 'platform_share'
  | 'carrier_payable'
  | 'payout'
  | 'quick_pay_fee'
  | 'claim_refund'
  | 'claim_recovery'

export class UnbalancedTransactionError extends Error {}

/** The lines of a charge: the provider holds the card money, the platform owes it to escrow. */
export function chargeLines(totalCents: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.providerCash, kind: 'charge', amountCents: totalCents },
    { account: ACCOUNTS.escrow, kind: 'charge', amountCents: -totalCents },
  ]
}

/** The release splits escrow into the platform's share and the carrier's payable (91 %). */
export function releaseLines(totalCents: number, carrierId: number): LedgerLine[] {
  const { payoutCents, platformCents } = splitPayout(totalCents)
  return [
    { account: ACCOUNTS.escrow, kind: 'release', amountCents: totalCents },
    { account: ACCOUNTS.platformRevenue, kind: 'platform_share', amountCents: -platformCents },
    {
      account: ACCOUNTS.carrierPayable(carrierId),
      kind: 'carrier_payable',
      amountCents: -payoutCents,
    },
  ]
}

/** The transfer to the carrier settles its payable out of provider cash. */
export function payoutLines(payoutCents: number, carrierId: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.carrierPayable(carrierId), kind: 'payout', amountCents: payoutCents },
    { account: ACCOUNTS.providerCash, kind: 'payout', amountCents: -payoutCents },
  ]
}

/**
 * The quick-pay fee (docs/decisions/0222): taken off the carrier's payable into the platform's
 * revenue, so the transfer that settles the payable pays the payout less the fee.
 */
export function quickPayFeeLines(feeCents: number, carrierId: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.carrierPayable(carrierId), kind: 'quick_pay_fee', amountCents: feeCents },
    { account: ACCOUNTS.platformRevenue, kind: 'quick_pay_fee', amountCents: -feeCents },
  ]
}

/**
 * A settled cargo claim's refund out of a held payout (docs/decisions/0233): taken off the
 * carrier's payable and paid back to the shipper's card from provider cash.
 */
export function claimRefundLines(refundCents: number, carrierId: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.carrierPayable(carrierId), kind: 'claim_refund', amountCents: refundCents },
    { account: ACCOUNTS.providerCash, kind: 'refund', amountCents: -refundCents },
  ]
}

/** A cargo claim's refund, posted with the payout's release (docs/decisions/0233). */
export function claimRefundTransaction(
  bookingId: number,
  carrierId: number,
  refundCents: number,
  refundId: string
): LedgerTransaction {
  return {
    key: `booking-${bookingId}-claim-refund`,
    bookingId,
    memo: `cargo claim refund ${refundId}`.slice(0, 200),
    lines: claimRefundLines(refundCents, carrierId),
  }
}

/**
 * A cargo claim's recovery advanced to the shipper when it is settled (decision 0254): the
 * carrier owes it to the platform; the platform refunds the card what it can take and owes the
 * shipper the rest. No booking: it is the claim's, and the claimed booking's own books stay as
 * they were.
 */
export function recoveryAdvanceTransaction(
  claimId: number,
  carrierId: number,
  shipperId: number,
  advance: { cardCents: number; owedCents: number },
  refundId: string | null
): LedgerTransaction {
  const total = advance.cardCents + advance.owedCents
  const lines: LedgerLine[] = [
    { account: ACCOUNTS.carrierReceivable(carrierId), kind: 'claim_recovery', amountCents: total },
  ]
  if (advance.cardCents > 0) {
    lines.push({ account: ACCOUNTS.providerCash, kind: 'refund', amountCents: -advance.cardCents })
  }
  if (advance.owedCents > 0) {
    lines.push({
      account: ACCOUNTS.shipperPayable(shipperId),
      kind: 'claim_recovery',
      amountCents: -advance.owedCents,
    })
  }
  return {
    key: `claim-${claimId}-recovery-advance`,
    bookingId: null,
    memo: `cargo claim recovery advanced${refundId ? ` ${refundId}` : ''}`.slice(0, 200),
    lines,
  }
}

/**
 * One payout's deduction for a claim's recovery (decision 0254): the carrier's payable is
 * settled by that much against its receivable, so the transfer is the payout less it. Keyed by
 * the claim and the payout, on the payout's booking (null for an expedited job).
 */
export function recoveryDeductionTransaction(
  claimId: number,
  subject: 'booking' | 'expedited',
  subjectId: number,
  carrierId: number,
  amountCents: number
): LedgerTransaction {
  return {
    key: `claim-${claimId}-recovery-${subject}-${subjectId}`,
    bookingId: subject === 'booking' ? subjectId : null,
    memo: `cargo claim ${claimId} recovery from ${subject} ${subjectId}`,
    lines: [
      { account: ACCOUNTS.carrierPayable(carrierId), kind: 'claim_recovery', amountCents },
      {
        account: ACCOUNTS.carrierReceivable(carrierId),
        kind: 'claim_recovery',
        amountCents: -amountCents,
      },
    ],
  }
}

/** A refund returns escrowed money to the card. */
export function refundLines(amountCents: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.escrow, kind: 'refund', amountCents: amountCents },
    { account: ACCOUNTS.providerCash, kind: 'refund', amountCents: -amountCents },
  ]
}

/** A booking's release: escrow to the platform's share and the carrier's payable. */
export function releaseTransaction(
  bookingId: number,
  carrierId: number,
  totalCents: number
): LedgerTransaction {
  return {
    key: `booking-${bookingId}-release`,
    bookingId,
    memo: 'payout released',
    lines: releaseLines(totalCents, carrierId),
  }
}

/** A booking's quick-pay fee, posted with its release (docs/decisions/0222). */
export function quickPayFeeTransaction(
  bookingId: number,
  carrierId: number,
  feeCents: number
): LedgerTransaction {
  return {
    key: `booking-${bookingId}-quick-pay-fee`,
    bookingId,
    memo: 'quick pay fee',
    lines: quickPayFeeLines(feeCents, carrierId),
  }
}

/** A booking's transfer to its carrier, settling the payable. */
export function payoutTransaction(
  bookingId: number,
  carrierId: number,
  payoutCents: number,
  transferId: string
): LedgerTransaction {
  return {
    key: `booking-${bookingId}-payout`,
    bookingId,
    memo: `transfer ${transferId}`.slice(0, 200),
    lines: payoutLines(payoutCents, carrierId),
  }
}

/** Each line is whole cents, accounts differ, and the lines sum to zero. */
export function assertBalanced(lines: LedgerLine[]) {
  if (lines.length < 2) throw new UnbalancedTransactionError('A transaction needs two lines')
  let sum = 0
  for (const line of lines) {
    assertCents(line.amountCents)
    sum += line.amountCents
  }
  if (sum !== 0) throw new UnbalancedTransactionError(`Lines sum to ${sum} cents, not 0`)
  if (new Set(lines.map((l) => l.account)).size !== lines.length) {
    throw new UnbalancedTransactionError('A transaction names an account twice')
  }
}

/** One ledger transaction: its key (`booking-<id>-<step>`), booking, memo and balanced lines. */
export type LedgerTransaction = {
  key: string
  bookingId: number | null
  memo?: string
  lines: LedgerLine[]
}

/** Keys per lookup of already-posted transactions. */
const KEY_LOOKUP_CHUNK = 500

/** Posts ledger transactions inside the caller's transaction, once per transaction key. */
@inject()
export default class LedgerService {
  constructor(private clock: Clock) {}

  /**
   * Appends one balanced transaction to the chained ledger. A key already posted is not
   * posted again (returns false), so a retried step never moves money twice on the books.
   */
  async post(trx: TransactionClientContract, txn: LedgerTransaction): Promise<boolean> {
    const [posted] = await this.postMany(trx, [txn])
    return posted
  }

  /**
   * Appends many balanced transactions in one chain append (one head lock, multi-row inserts),
   * as a batch of payouts does. Answers, per transaction, whether it was posted now (false: its
   * key was already on the ledger, or earlier in the same batch).
   */
  async postMany(trx: TransactionClientContract, txns: LedgerTransaction[]): Promise<boolean[]> {
    if (txns.length === 0) return []
    for (const txn of txns) assertBalanced(txn.lines)
    const seen = new Set<string>()
    for (let i = 0; i < txns.length; i += KEY_LOOKUP_CHUNK) {
      const keys = txns.slice(i, i + KEY_LOOKUP_CHUNK).map((txn) => txn.key)
      const rows = await trx.from('ledger_entries').whereIn('txn', keys).distinct('txn')
      for (const row of rows) seen.add(row.txn)
    }
    const stamp = this.clock.now().toFormat(trx.dialect.dateTimeFormat)
    const posted = txns.map((txn) => {
      if (seen.has(txn.key)) return false
      seen.add(txn.key)
      return true
    })
    const rows = txns.flatMap((txn, i) =>
      posted[i]
        ? txn.lines.map((line) => ({
            booking_id: txn.bookingId,
            txn: txn.key,
            kind: line.kind,
            account: line.account,
            amount_cents: line.amountCents,
            memo: txn.memo ?? null,
            created_at: stamp,
          }))
        : []
    )
    await appendToChain(trx, LEDGER_CHAIN, rows)
    return posted
  }

  recordCharge(trx: TransactionClientContract, bookingId: number, totalCents: number) {
    return this.post(trx, {
      key: `booking-${bookingId}-charge`,
      bookingId,
      memo: 'card payment',
      lines: chargeLines(totalCents),
    })
  }

  recordRelease(
    trx: TransactionClientContract,
    bookingId: number,
    carrierId: number,
    totalCents: number
  ) {
    return this.post(trx, releaseTransaction(bookingId, carrierId, totalCents))
  }

  recordPayout(
    trx: TransactionClientContract,
    bookingId: number,
    carrierId: number,
    payoutCents: number,
    transferId: string
  ) {
    return this.post(trx, payoutTransaction(bookingId, carrierId, payoutCents, transferId))
  }

  recordRefund(
    trx: TransactionClientContract,
    bookingId: number,
    amountCents: number,
    refundId: string
  ) {
    return this.post(trx, {
      key: `booking-${bookingId}-refund`,
      bookingId,
      memo: `refund ${refundId}`.slice(0, 200),
      lines: refundLines(amountCents),
    })
  }
}
