import db from '@adonisjs/lucid/services/db'
import payments from '#plugins/payments/services/main'
import type { PaymentsDriver } from '#plugins/payments/main'
import { ACCOUNTS } from '#payments/services/ledger_service'
import { formatUsd, splitPayout, toCents } from '#core/money'
import { bookingReference, expeditedReference } from '#core/reference'

/** One booking's money as the ledger tells it, in cents. */
export type BookingMoney = {
  bookingId: number
  reference: string
  totalCents: number
  paymentStatus: string
  payoutStatus: string
  /** the late-cancel fee a cancelled booking kept for its carrier (docs/decisions/0178) */
  feeCents: number
  /** the quick-pay fee taken off the carrier's payout (docs/decisions/0222), 0 if none */
  quickPayFeeCents: number
  /** what a settled cargo claim refunded out of the carrier's payout (docs/decisions/0233), 0 if none */
  claimRefundCents: number
  chargedCents: number
  payoutCents: number
  platformShareCents: number
  refundedCents: number
  /** still in escrow (not yet released or refunded) */
  escrowCents: number
  /** released to the carrier but not yet transferred */
  payableCents: number
  /** taken off the payout for cargo-claim recoveries the carrier owed (docs/decisions/0254) */
  recoveryDeductedCents: number
}

/** Cargo-claim recoveries (docs/decisions/0254), cents. */
export type RecoveryTotals = {
  /** advanced to shippers when the claims settled (card refunds and what is owed to them) */
  recoveryAdvancedCents: number
  /** of that, still owed by carriers */
  recoveryOutstandingCents: number
}

export type ReconciliationProblem = { bookingId: number | null; reference: string; problem: string }

export type ReconciliationReport = {
  bookings: number
  transactions: number
  totals: RecoveryTotals &
    Omit<
      BookingMoney,
      | 'bookingId'
      | 'reference'
      | 'totalCents'
      | 'paymentStatus'
      | 'payoutStatus'
      | 'feeCents'
      | 'quickPayFeeCents'
      | 'claimRefundCents'
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
  cancellation_fee_cents?: string | number | null
  quick_pay_fee_cents?: string | number | null
  claim_refund_cents?: string | number | null
}

/** A booking as the reconciliation reads it: with the provider's intent id. */
type ChargedBookingRow = BookingRow & { stripe_payment_intent_id: string | null }

/** `$1,234.56`: problem lines read as money, separators and all (never `-$0.00`). */
const usd = (cents: number) => formatUsd(cents === 0 ? 0 : cents)

/** Bookings read per page: memory stays flat however large the ledger grows. */
export const RECONCILE_BATCH = 1000
/** Problems listed in the report (all are counted): a broken ledger must not flood the API. */
export const MAX_LISTED_PROBLEMS = 500
/** The provider is asked about this many paid bookings at a time. */
export const PROVIDER_CONCURRENCY = 8

/**
 * The reconciliation (`node ace payments:reconcile`, docs/decisions/0044): every ledger
 * transaction balances, and for every booking charged = payout + platform share + refunds +
 * what is still held, to the cent, with each part matching the booking's own state (a paid
 * payout is 91 percent of the total, a refund returns all of it but a late-cancel fee (whose
 * payout is 91 percent of the fee, docs/decisions/0178), a pending payout is all
 * in escrow; a quick-paid booking's carrier share is less its quick-pay fee and the
 * platform's share more, docs/decisions/0222) and the payments rows. Balances are summed in the
 * database and bookings are walked in id order a page at a time, so the verdict is exact and
 * the memory bounded.
 * Every booking marked paid (or refunded) is also checked against the payment provider's own
 * record: its intent must exist there, have succeeded, and be for the booking's total
 * (docs/decisions/0159).
 */
export default class ReconciliationService {
  async reconcile(batchSize = RECONCILE_BATCH): Promise<ReconciliationReport> {
    const driver = await payments.use()
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
      recoveryDeductedCents: 0,
    }
    let bookingCount = 0
    let after = 0
    for (;;) {
      const bookings = (await db
        .from('bookings')
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .select(
          'id',
          'total_amount',
          'payment_status',
          'payout_status',
          'stripe_payment_intent_id',
          'cancellation_fee_cents',
          'quick_pay_fee_cents',
          'claim_refund_cents'
        )) as ChargedBookingRow[]
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
      const atProvider = await providerProblems(driver, bookings)
      for (const booking of bookings) {
        const money = bookingMoney(booking, lines.get(Number(booking.id)) ?? [])
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += money[key]
        const problems = checkBooking(money, paidPayments.get(money.bookingId) ?? 0)
        const provider = atProvider.get(money.bookingId)
        for (const problem of provider ? [...problems, provider] : problems) {
          report({ bookingId: money.bookingId, reference: money.reference, problem })
        }
      }
      bookingCount += bookings.length
      after = last
    }

    const expedited = await this.expeditedProblems(batchSize, totals)
    for (const problem of expedited) report(problem)
    const recoveries = await recoveryProblems(batchSize)
    for (const problem of recoveries.problems) report(problem)

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
      totals: { ...totals, ...recoveries.totals },
      problemCount,
      problems,
    }
  }

  /**
   * Expedited jobs' money (docs/decisions/0188), a page of their charged payments at a time:
   * each job's ledger lines (keys `expedited-<id>-<step>`, no booking) must add up as a
   * booking's do: charged = refund, or charged = carrier payable + platform share, the payable
   * then transferred once the payout is paid, to the cent of the one split.
   */
  private async expeditedProblems(
    batchSize: number,
    totals: Record<
      | 'chargedCents'
      | 'payoutCents'
      | 'platformShareCents'
      | 'refundedCents'
      | 'escrowCents'
      | 'payableCents'
      | 'recoveryDeductedCents',
      number
    >
  ): Promise<ReconciliationProblem[]> {
    const problems: ReconciliationProblem[] = []
    let after = 0
    for (;;) {
      const payments = await db
        .from('expedited_payments')
        .whereIn('status', ['SUCCEEDED', 'REFUNDED'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .select('id', 'expedited_job_id', 'amount_cents', 'status', 'payout_status')
      if (payments.length === 0) break
      const jobIds = payments.map((p) => Number(p.expedited_job_id))
      const keys = jobIds.flatMap((id) =>
        ['charge', 'refund', 'release', 'payout'].map((step) => `expedited-${id}-${step}`)
      )
      // Recoveries netted from these jobs' payouts (decision 0254).
      for (const row of await db
        .from('claim_recovery_deductions')
        .where('subject', 'expedited')
        .whereIn('subject_id', jobIds)
        .select('claim_id', 'subject_id')) {
        keys.push(`claim-${row.claim_id}-recovery-expedited-${row.subject_id}`)
      }
      const lines = new Map<number, LedgerRow[]>()
      for (const entry of (await db
        .from('ledger_entries')
        .whereNull('booking_id')
        .whereIn('txn', keys)
        .select('booking_id', 'txn', 'kind', 'account', 'amount_cents')) as LedgerRow[]) {
        const id = Number(/^(?:expedited-|claim-\d+-recovery-expedited-)(\d+)/.exec(entry.txn)![1])
        lines.set(id, [...(lines.get(id) ?? []), entry])
      }
      for (const payment of payments) {
        const id = Number(payment.expedited_job_id)
        const cents = Number(payment.amount_cents)
        // A job's payment read as a booking's: paid (held, then released at delivery) or
        // refunded; its payout pending until delivery releases it.
        const money = bookingMoney(
          {
            id,
            total_amount: cents / 100,
            payment_status: payment.status === 'REFUNDED' ? 'refunded' : 'paid',
            payout_status: payment.payout_status ?? 'pending',
            cancellation_fee_cents: 0,
          },
          lines.get(id) ?? []
        )
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += money[key]
        for (const problem of checkBooking(money, cents)) {
          problems.push({ bookingId: null, reference: expeditedReference(id), problem })
        }
      }
      after = Number(payments[payments.length - 1].id)
    }
    return problems
  }
}

/**
 * Every settled claim's recovery (docs/decisions/0254), a page at a time: advanced once on the
 * ledger for its amount (the card's part as recorded on the claim), collected by deductions whose
 * rows and ledger lines both add up to `recovered_cents`, never past the recovery.
 */
async function recoveryProblems(
  batchSize: number
): Promise<{ problems: ReconciliationProblem[]; totals: RecoveryTotals }> {
  const problems: ReconciliationProblem[] = []
  const totals: RecoveryTotals = { recoveryAdvancedCents: 0, recoveryOutstandingCents: 0 }
  let after = 0
  for (;;) {
    const claims = await db
      .from('cargo_claims')
      .where('id', '>', after)
      .where('recovery_cents', '>', 0)
      .orderBy('id')
      .limit(batchSize)
      .select('id', 'booking_id', 'recovery_cents', 'recovered_cents', 'recovery_refunded_cents')
    if (claims.length === 0) break
    const ids = claims.map((c) => Number(c.id))
    const advanced = new Map<number, { receivable: number; card: number }>()
    const collectedOnLedger = new Map<number, number>()
    const entries = await db
      .from('ledger_entries')
      .where((q) => {
        for (const id of ids) q.orWhere('txn', 'like', `claim-${id}-recovery-%`)
      })
      .select('txn', 'kind', 'account', 'amount_cents')
    for (const entry of entries) {
      const match = /^claim-(\d+)-recovery-(.+)$/.exec(entry.txn)
      if (!match) continue
      const id = Number(match[1])
      const cents = Number(entry.amount_cents)
      if (match[2] === 'advance') {
        const a = advanced.get(id) ?? { receivable: 0, card: 0 }
        if (String(entry.account).startsWith('carrier_receivable:')) a.receivable += cents
        if (entry.account === ACCOUNTS.providerCash) a.card -= cents
        advanced.set(id, a)
      } else if (String(entry.account).startsWith('carrier_receivable:')) {
        collectedOnLedger.set(id, (collectedOnLedger.get(id) ?? 0) - cents)
      }
    }
    const rows = new Map<number, number>()
    for (const row of await db
      .from('claim_recovery_deductions')
      .whereIn('claim_id', ids)
      .groupBy('claim_id')
      .select('claim_id')
      .sum('amount_cents as cents')) {
      rows.set(Number(row.claim_id), Number(row.cents))
    }
    for (const claim of claims) {
      const id = Number(claim.id)
      const reference = `claim ${id} (${bookingReference(Number(claim.booking_id))})`
      const recovery = Number(claim.recovery_cents)
      const recovered = Number(claim.recovered_cents)
      const card = Number(claim.recovery_refunded_cents ?? 0)
      const advance = advanced.get(id) ?? { receivable: 0, card: 0 }
      totals.recoveryAdvancedCents += advance.receivable
      totals.recoveryOutstandingCents += recovery - recovered
      const problem = (text: string) => problems.push({ bookingId: null, reference, problem: text })
      if (advance.receivable !== recovery) {
        problem(`recovery ${usd(recovery)} but ${usd(advance.receivable)} advanced on the ledger`)
      }
      if (advance.card !== card) {
        problem(`recovery refunded ${usd(card)} to the card but ${usd(advance.card)} on the ledger`)
      }
      if (recovered < 0 || recovered > recovery) {
        problem(`recovered ${usd(recovered)} of a recovery of ${usd(recovery)}`)
      }
      if ((rows.get(id) ?? 0) !== recovered || (collectedOnLedger.get(id) ?? 0) !== recovered) {
        problem(
          `recovered ${usd(recovered)} but deductions record ${usd(rows.get(id) ?? 0)} and the ledger ${usd(collectedOnLedger.get(id) ?? 0)}`
        )
      }
    }
    after = ids[ids.length - 1]
  }
  return { problems, totals }
}

/**
 * A page's bookings marked paid or refunded, each against the provider's record of its intent
 * (a refund leaves the intent succeeded): one problem per booking the provider does not back,
 * by booking id. The provider is asked PROVIDER_CONCURRENCY bookings at a time.
 */
async function providerProblems(
  driver: PaymentsDriver,
  bookings: ChargedBookingRow[]
): Promise<Map<number, string>> {
  const problems = new Map<number, string>()
  const charged = bookings.filter(
    (b) => b.payment_status === 'paid' || b.payment_status === 'refunded'
  )
  for (let start = 0; start < charged.length; start += PROVIDER_CONCURRENCY) {
    const slice = charged.slice(start, start + PROVIDER_CONCURRENCY)
    const verdicts = await Promise.all(slice.map((booking) => providerProblem(driver, booking)))
    slice.forEach((booking, i) => {
      if (verdicts[i]) problems.set(Number(booking.id), verdicts[i])
    })
  }
  return problems
}

/** What is wrong with a charged booking at the provider; null when its charge is there. */
export async function providerProblem(
  driver: Pick<PaymentsDriver, 'getPayment'>,
  booking: Pick<ChargedBookingRow, 'total_amount' | 'stripe_payment_intent_id'>
): Promise<string | null> {
  const intent = booking.stripe_payment_intent_id
  if (!intent) return 'paid without a provider charge: the booking has no payment intent'
  const payment = await driver.getPayment(intent)
  if (!payment.ok) {
    return payment.code === 'not_found'
      ? `paid without a provider charge: the provider has no payment ${intent}`
      : `the provider could not be asked about ${intent}: ${payment.message}`
  }
  if (payment.status !== 'succeeded') {
    return `paid without a provider charge: the provider says ${intent} is ${payment.status}`
  }
  const total = toCents(booking.total_amount ?? 0)
  if (payment.amountCents !== total || payment.currency !== 'usd') {
    const amount =
      payment.currency === 'usd'
        ? usd(payment.amountCents)
        : `${payment.amountCents} ${payment.currency || 'of an unknown currency'}`
    return `paid ${usd(total)} but the provider charged ${amount} on ${intent}`
  }
  return null
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
    feeCents: Number(booking.cancellation_fee_cents ?? 0),
    quickPayFeeCents: Number(booking.quick_pay_fee_cents ?? 0),
    claimRefundCents: Number(booking.claim_refund_cents ?? 0),
    chargedCents: sum(cash('charge')),
    payoutCents: -sum(cash('payout')),
    refundedCents: -sum(cash('refund')),
    platformShareCents: -sum((line) => line.account === ACCOUNTS.platformRevenue),
    escrowCents: -sum((line) => line.account === ACCOUNTS.escrow),
    payableCents: -sum((line) => line.account.startsWith('carrier_payable:')),
    recoveryDeductedCents: -sum((line) => line.account.startsWith('carrier_receivable:')),
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
    money.payableCents +
    money.recoveryDeductedCents
  if (charged !== accounted) {
    problems.push(
      `charged ${usd(charged)} but payout + platform share + refunds + held + recovery deductions = ${usd(accounted)}`
    )
  }
  const deducted = money.recoveryDeductedCents
  if (deducted < 0) problems.push(`recovery deductions of ${usd(deducted)}`)
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
  // A cancelled booking's refund is its charge less the late-cancel fee it kept (0178).
  const fee = money.paymentStatus === 'refunded' ? money.feeCents : 0
  if (money.paymentStatus === 'refunded' && money.refundedCents !== charged - fee) {
    problems.push(
      fee > 0
        ? `refunded booking: refunded ${usd(money.refundedCents)} of ${usd(charged)} less a ${usd(fee)} late-cancel fee`
        : `refunded booking: refunded ${usd(money.refundedCents)} of ${usd(charged)}`
    )
  }
  // The carrier is owed 91 % of the total, or of the fee a cancellation kept, less the
  // quick-pay fee that moved to the platform's share when it took the payout at once (0222).
  if (money.paymentStatus === 'paid' || fee > 0) {
    const base = splitPayout(fee > 0 ? fee : total)
    const quickPay = money.quickPayFeeCents
    // A settled cargo claim's refund came out of the carrier's share to the shipper's card (0233).
    const claimRefund = money.claimRefundCents
    const split = {
      payoutCents: base.payoutCents - quickPay - claimRefund,
      platformCents: base.platformCents + quickPay,
    }
    if (quickPay < 0 || quickPay > base.payoutCents) {
      problems.push(`quick-pay fee ${usd(quickPay)} of a carrier share of ${usd(base.payoutCents)}`)
    }
    if (claimRefund < 0 || split.payoutCents < 0) {
      problems.push(
        `claim refund ${usd(claimRefund)} of a carrier share of ${usd(base.payoutCents)}`
      )
    }
    if (money.paymentStatus === 'paid' && money.refundedCents !== claimRefund) {
      problems.push(
        `paid booking refunded ${usd(money.refundedCents)} but its claim refund is ${usd(claimRefund)}`
      )
    }
    const released =
      money.platformShareCents !== 0 || money.payableCents !== 0 || money.payoutCents !== 0
    if (money.payoutStatus === 'pending') {
      const held = fee > 0 ? fee : charged
      if (quickPay !== 0) problems.push(`payout pending but a quick-pay fee of ${usd(quickPay)}`)
      if (claimRefund !== 0) {
        problems.push(`payout pending but a claim refund of ${usd(claimRefund)}`)
      }
      if (deducted !== 0) {
        problems.push(`payout pending but a recovery deduction of ${usd(deducted)}`)
      }
      if (released || money.escrowCents !== held) {
        problems.push(`payout pending but escrow holds ${usd(money.escrowCents)} of ${usd(held)}`)
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
      // A claim's recovery netted from the payout is the carrier's too (decision 0254).
      const transferred = expectPaid ? split.payoutCents - deducted : 0
      if (deducted > split.payoutCents) {
        problems.push(
          `recovery deductions of ${usd(deducted)} from a carrier share of ${usd(split.payoutCents)}`
        )
      }
      if (
        money.payoutCents !== transferred ||
        money.payableCents !== split.payoutCents - deducted - transferred
      ) {
        problems.push(
          `payout ${money.payoutStatus}: transferred ${usd(money.payoutCents)}, owed ${usd(money.payableCents)}, carrier share ${usd(split.payoutCents)}` +
            (deducted > 0 ? `, recovery deductions ${usd(deducted)}` : '')
        )
      }
    }
  }
  return problems
}
