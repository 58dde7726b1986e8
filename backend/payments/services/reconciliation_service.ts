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
  /** every problem found; `problems` lists the first MAX_LISTED_PROBLEMS of them */
  problemCount: number
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

/** Bookings read per page: memory stays flat however large the ledger grows. */
export const RECONCILE_BATCH = 1000
/** Problems listed in the report (all are counted): a broken ledger must not flood the API. */
export const MAX_LISTED_PROBLEMS = 500

/**
 * The reconciliation (`node ace payments:reconcile`, docs/decisions/0044): every ledger
 * transaction balances, and for every booking charged = payout + platform share + refunds +
 * what is still held, to the cent, with each part matching the booking's own state (a paid
 * payout is 91 percent of the total, a refund returns all of it, a pending payout is all
 * in escrow) and the payments rows. Balances are summed in the database and bookings are
 * walked in id order a page at a time, so the verdict is exact and the memory bounded.
 */
export default class ReconciliationService {
  async reconcile(batchSize = RECONCILE_BATCH): Promise<ReconciliationReport> {
    const problems: ReconciliationProblem[] = []
    let problemCount = 0
    const report = (problem: ReconciliationProblem) => {
      problemCount++
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(problem)
    }

    const unbalanced = await db
      .from('ledger_entries')
      .select('txn')
      .sum('amount_cents as total')
      .groupBy('txn')
      .havingRaw('sum(amount_cents) <> 0')
      .orderBy('txn')
    for (const row of unbalanced) {
      report({
        bookingId: null,
        reference: row.txn,
        problem: `transaction sums to ${Number(row.total)} cents`,
      })
    }
    const [{ transactions }] = await db.from('ledger_entries').countDistinct('txn as transactions')

    const totals = {
      chargedCents: 0,
      payoutCents: 0,
      platformShareCents: 0,
      refundedCents: 0,
      escrowCents: 0,
      payableCents: 0,
    }
    let bookingCount = 0
    let after = 0
    for (;;) {
      const bookings = (await db
        .from('bookings')
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .select('id', 'total_amount', 'payment_status', 'payout_status')) as BookingRow[]
      if (bookings.length === 0) break
      const [first, last] = [Number(bookings[0].id), Number(bookings[bookings.length - 1].id)]
      const lines = new Map<number, LedgerRow[]>()
      for (const entry of (await db
        .from('ledger_entries')
        .whereBetween('booking_id', [first, last])
        .select('booking_id', 'txn', 'kind', 'account', 'amount_cents')) as LedgerRow[]) {
        const id = Number(entry.booking_id)
        lines.set(id, [...(lines.get(id) ?? []), entry])
      }
      const paidPayments = new Map<number, number>()
      for (const row of await db
        .from('payments')
        .whereIn('status', ['SUCCEEDED', 'REFUNDED'])
        .whereBetween('shipment_id', [first, last])
        .select('shipment_id', 'amount')) {
        const id = Number(row.shipment_id)
        paidPayments.set(id, (paidPayments.get(id) ?? 0) + toCents(row.amount))
      }
      for (const booking of bookings) {
        const money = bookingMoney(booking, lines.get(Number(booking.id)) ?? [])
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += money[key]
        for (const problem of checkBooking(money, paidPayments.get(money.bookingId) ?? 0)) {
          report({ bookingId: money.bookingId, reference: money.reference, problem })
        }
      }
      bookingCount += bookings.length
      after = last
    }

    const orphans = await db
      .from('ledger_entries')
      .whereNotNull('booking_id')
      .whereNotExists((query) =>
        query.from('bookings').whereColumn('bookings.id', 'ledger_entries.booking_id')
      )
      .distinct('booking_id')
      .orderBy('booking_id')
    for (const { booking_id: id } of orphans) {
      report({
        bookingId: Number(id),
        reference: bookingReference(Number(id)),
        problem: 'ledger entries of a missing booking',
      })
    }
    return {
      bookings: bookingCount,
      transactions: Number(transactions),
      totals,
      problemCount,
      problems,
    }
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
