import db from '@adonisjs/lucid/services/db'
import { ACCOUNTS } from '#payments/services/ledger_service'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'

/** One booking's money as the ledger tells it, in cents. */
export type BookingMoney = {
  bookingId: number
  reference: string
  totalCents: number
  paymentStatus: string
  payoutStatus: string
  chargedCents: number
  payoutCents: number
  platformShareCents: number
  refundedCents: number
  /** still in escrow (not yet released or refunded) */
  escrowCents: number
  /** released to the carrier but not yet transferred */
  payableCents: number
}

export type ReconciliationProblem = { bookingId: number | null; reference: string; problem: string }

export type ReconciliationReport = {
  bookings: number
  transactions: number
  totals: Omit<
    BookingMoney,
    'bookingId' | 'reference' | 'totalCents' | 'paymentStatus' | 'payoutStatus'
  >
  problems: ReconciliationProblem[]
}

type LedgerRow = {
  booking_id: number | null
  txn: string
  kind: string
  account: string
  amount_cents: string | number
}

type BookingRow = {
  id: number
  total_amount: string | number | null
  payment_status: string
  payout_status: string
}

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`

/**
 * The reconciliation (`node ace payments:reconcile`, docs/decisions/0044): every ledger
 * transaction balances, and for every booking charged = payout + platform share + refunds +
 * what is still held, to the cent, with each part matching the booking's own state (a paid
 * payout is 91 percent of the total, a refund returns all of it, a pending payout is all
 * in escrow) and the payments rows.
 */
export default class ReconciliationService {
  async reconcile(): Promise<ReconciliationReport> {
    const problems: ReconciliationProblem[] = []
    const entries = (await db
      .from('ledger_entries')
      .select('booking_id', 'txn', 'kind', 'account', 'amount_cents')
      .orderBy('id')) as LedgerRow[]

    const byTxn = new Map<string, number>()
    const byBooking = new Map<number, LedgerRow[]>()
    for (const entry of entries) {
      byTxn.set(entry.txn, (byTxn.get(entry.txn) ?? 0) + Number(entry.amount_cents))
      if (entry.booking_id === null) continue
      const id = Number(entry.booking_id)
      byBooking.set(id, [...(byBooking.get(id) ?? []), entry])
    }
    for (const [txn, sum] of byTxn) {
      if (sum !== 0) {
        problems.push({
          bookingId: null,
          reference: txn,
          problem: `transaction sums to ${sum} cents`,
        })
      }
    }

    const bookings = (await db
      .from('bookings')
      .select('id', 'total_amount', 'payment_status', 'payout_status')
      .orderBy('id')) as BookingRow[]
    const paidPayments = new Map<number, number>()
    for (const row of await db
      .from('payments')
      .whereIn('status', ['SUCCEEDED', 'REFUNDED'])
      .select('shipment_id', 'amount')) {
      const id = Number(row.shipment_id)
      paidPayments.set(id, (paidPayments.get(id) ?? 0) + toCents(row.amount))
    }

    const totals = {
      chargedCents: 0,
      payoutCents: 0,
      platformShareCents: 0,
      refundedCents: 0,
      escrowCents: 0,
      payableCents: 0,
    }
    for (const booking of bookings) {
      const money = bookingMoney(booking, byBooking.get(Number(booking.id)) ?? [])
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += money[key]
      for (const problem of checkBooking(money, paidPayments.get(money.bookingId) ?? 0)) {
        problems.push({ bookingId: money.bookingId, reference: money.reference, problem })
      }
    }
    const known = new Set(bookings.map((b) => Number(b.id)))
    for (const id of byBooking.keys()) {
      if (!known.has(id)) {
        problems.push({
          bookingId: id,
          reference: bookingReference(id),
          problem: 'ledger entries of a missing booking',
        })
      }
    }
    return { bookings: bookings.length, transactions: byTxn.size, totals, problems }
  }
}

/** Sums a booking's ledger lines into the parts of the reconciliation. */
export function bookingMoney(booking: BookingRow, lines: LedgerRow[]): BookingMoney {
  const sum = (match: (line: LedgerRow) => boolean) =>
    lines.filter(match).reduce((total, line) => total + Number(line.amount_cents), 0)
  const cash = (kind: string) => (line: LedgerRow) =>
    line.account === ACCOUNTS.providerCash && line.kind === kind
  return {
    bookingId: Number(booking.id),
    reference: bookingReference(Number(booking.id)),
    totalCents: toCents(booking.total_amount ?? 0),
    paymentStatus: booking.payment_status,
    payoutStatus: booking.payout_status,
    chargedCents: sum(cash('charge')),
    payoutCents: -sum(cash('payout')),
    refundedCents: -sum(cash('refund')),
    platformShareCents: -sum((line) => line.account === ACCOUNTS.platformRevenue),
    escrowCents: -sum((line) => line.account === ACCOUNTS.escrow),
    payableCents: -sum((line) => line.account.startsWith('carrier_payable:')),
  }
}

/** What must hold for one booking; each broken rule is one message. */
export function checkBooking(money: BookingMoney, paymentRowsCents: number): string[] {
  const problems: string[] = []
  const { chargedCents: charged, totalCents: total } = money
  const accounted =
    money.payoutCents +
    money.platformShareCents +
    money.refundedCents +
    money.escrowCents +
    money.payableCents
  if (charged !== accounted) {
    problems.push(
      `charged ${usd(charged)} but payout + platform share + refunds + held = ${usd(accounted)}`
    )
  }
  if (money.escrowCents < 0 || money.payableCents < 0) {
    problems.push('more left escrow or the carrier payable than went in')
  }
  const paid = money.paymentStatus === 'paid' || money.paymentStatus === 'refunded'
  if (paid && charged !== total) {
    problems.push(`booking total ${usd(total)} but charged ${usd(charged)}`)
  }
  if (!paid && charged !== 0) problems.push(`unpaid booking charged ${usd(charged)}`)
  if (charged !== paymentRowsCents) {
    problems.push(`ledger charged ${usd(charged)} but payments record ${usd(paymentRowsCents)}`)
  }
  if (money.paymentStatus === 'refunded' && money.refundedCents !== charged) {
    problems.push(`refunded booking: refunded ${usd(money.refundedCents)} of ${usd(charged)}`)
  }
  if (money.paymentStatus === 'paid') {
    const split = splitPayout(total)
    const released =
      money.platformShareCents !== 0 || money.payableCents !== 0 || money.payoutCents !== 0
    if (money.payoutStatus === 'pending') {
      if (released || money.escrowCents !== charged) {
        problems.push(
          `payout pending but escrow holds ${usd(money.escrowCents)} of ${usd(charged)}`
        )
      }
    } else {
      if (money.platformShareCents !== split.platformCents) {
        problems.push(
          `platform share ${usd(money.platformShareCents)}, expected ${usd(split.platformCents)}`
        )
      }
      if (money.escrowCents !== 0)
        problems.push(`released but escrow holds ${usd(money.escrowCents)}`)
      const expectPaid = money.payoutStatus === 'paid'
      const transferred = expectPaid ? split.payoutCents : 0
      if (
        money.payoutCents !== transferred ||
        money.payableCents !== split.payoutCents - transferred
      ) {
        problems.push(
          `payout ${money.payoutStatus}: transferred ${usd(money.payoutCents)}, owed ${usd(money.payableCents)}, carrier share ${usd(split.payoutCents)}`
        )
      }
    }
  }
  return problems
}
