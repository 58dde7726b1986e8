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
 * - platform_revenue: the platform's 9 percent
 * - carrier_payable:<carrierId>: what the platform owes a carrier until the transfer is made
 * Positive amounts are debits, negative ones credits; each transaction sums to zero.
 */
export const ACCOUNTS = {
  providerCash: 'provider_cash',
  escrow: 'escrow',
  platformRevenue: 'platform_revenue',
  carrierPayable: (carrierId: number) => `carrier_payable:${carrierId}`,
} as const

export type LedgerLine = { account: string; kind: LedgerKind; amountCents: number }

export type LedgerKind =
  'charge' | 'refund' | 'release' | 'platform_share' | 'carrier_payable' | 'payout'

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

/** A refund returns escrowed money to the card. */
export function refundLines(amountCents: number): LedgerLine[] {
  return [
    { account: ACCOUNTS.escrow, kind: 'refund', amountCents: amountCents },
    { account: ACCOUNTS.providerCash, kind: 'refund', amountCents: -amountCents },
  ]
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

/** Posts ledger transactions inside the caller's transaction, once per transaction key. */
@inject()
export default class LedgerService {
  constructor(private clock: Clock) {}

  /**
   * Appends one balanced transaction to the chained ledger. A key already posted is not
   * posted again (returns false), so a retried step never moves money twice on the books.
   */
  async post(
    trx: TransactionClientContract,
    txn: { key: string; bookingId: number | null; memo?: string; lines: LedgerLine[] }
  ): Promise<boolean> {
    assertBalanced(txn.lines)
    const posted = await trx.from('ledger_entries').where('txn', txn.key).select('id').first()
    if (posted) return false
    const stamp = this.clock.now().toFormat(trx.dialect.dateTimeFormat)
    await appendToChain(
      trx,
      LEDGER_CHAIN,
      txn.lines.map((line) => ({
        booking_id: txn.bookingId,
        txn: txn.key,
        kind: line.kind,
        account: line.account,
        amount_cents: line.amountCents,
        memo: txn.memo ?? null,
        created_at: stamp,
      }))
    )
    return true
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
    return this.post(trx, {
      key: `booking-${bookingId}-release`,
      bookingId,
      memo: 'payout released',
      lines: releaseLines(totalCents, carrierId),
    })
  }

  recordPayout(
    trx: TransactionClientContract,
    bookingId: number,
    carrierId: number,
    payoutCents: number,
    transferId: string
  ) {
    return this.post(trx, {
      key: `booking-${bookingId}-payout`,
      bookingId,
      memo: `transfer ${transferId}`.slice(0, 200),
      lines: payoutLines(payoutCents, carrierId),
    })
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
