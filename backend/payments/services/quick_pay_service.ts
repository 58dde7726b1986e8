import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import type { VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'
import EscrowTransaction from '#payments/models/escrow_transaction'
import LedgerService, {
  quickPayFeeTransaction,
  releaseTransaction,
} from '#payments/services/ledger_service'
import PayoutEligibilityService from '#payments/services/payout_eligibility'
import PayoutService from '#payments/services/payout_service'
import type { PayoutOutcome } from '#payments/services/payout_rules'
import ClaimRecoveryService, { type RecoveryOwed } from '#payments/services/claim_recovery_service'
import { netRecoveries, sumDeductions } from '#payments/services/recovery_rules'
import { Clock } from '#core/clock'
import { QUICK_PAY_FEE_PERCENT, quickPayFee, splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc } from '#core/timestamps'
import { writeTransaction } from '#core/transactions'
import '#payments/payout_events'

/**
 * Why a booking's payout cannot be taken by quick pay now (docs/decisions/0222), most final
 * first: the first that applies is the one answered.
 */
export type QuickPayUnavailable =
  | 'no_payout'
  | 'quick_paid'
  | 'already_paid'
  | 'already_released'
  | 'not_paid'
  | 'not_delivered'
  | 'claim_hold'
  | 'vetting_failed'
  | 'payout_hold'
  | 'onboarding'

/** What the carrier reads before it chooses, and after: the payout, the fee and what it gets. */
export type QuickPayQuote = {
  bookingId: number
  reference: string
  available: boolean
  /** why not, as a code and a sentence for the carrier; null when available */
  reasonCode: QuickPayUnavailable | null
  reason: string | null
  feePercent: number
  /** the carrier's payout before the fee (its share of the total), cents */
  payoutCents: number
  /** the fee quick pay takes off it, cents (the one charged, once quick-paid) */
  feeCents: number
  /**
   * what a settled cargo claim's recovery the carrier owes takes from this payout
   * (docs/decisions/0254): netted already, or what the open recoveries would net now, cents
   */
  recoveryCents: number
  /** what the transfer pays now: payout less fee less recovery, cents */
  amountNowCents: number
  payoutStatus: string
  /** when the carrier took the payout by quick pay; null if it did not */
  quickPaidAt: string | null
}

/** What a quick pay did: the quote as it stands now, and the transfer's outcome. */
export type QuickPayResult = {
  /** 'paid' (transferred), 'held' (released, the transfer waits), 'failed' (retried later), or
   * 'pending' (released by this or an earlier request; the transfer is under way elsewhere) */
  outcome: PayoutOutcome | 'pending'
  quote: QuickPayQuote
}

export const QUICK_PAY_MESSAGES: Record<QuickPayUnavailable, string> = {
  no_payout: 'This booking has no carrier payout',
  quick_paid: 'You already took this payout by quick pay',
  already_paid: 'This payout has already been paid',
  already_released: 'This payout is already released and on its way',
  not_paid: 'The shipper has not paid for this booking',
  not_delivered: 'Quick pay opens once the booking is delivered',
  claim_hold: 'A cargo claim holds this payout until it is resolved',
  vetting_failed: 'Quick pay is not available: the carrier failed vetting for this booking',
  payout_hold: 'Your payouts are on hold after an account change',
  onboarding: 'Finish your payout account set-up first',
}

/** The booking columns a quote reads (bookings are marketplace's; read, never written here). */
export type QuickPayFacts = {
  id: number
  carrier_id: number | null
  status: string
  payment_status: string
  payout_status: string
  total_amount: string | number | null
  quick_pay_fee_cents: number | string | null
  quick_paid_at: unknown
  claim_hold_claim_id?: number | string | null
  vetting_snapshot: string | VettingSnapshot | null
}

export const QUICK_PAY_COLUMNS = [
  'id',
  'carrier_id',
  'status',
  'payment_status',
  'payout_status',
  'total_amount',
  'quick_pay_fee_cents',
  'quick_paid_at',
  'claim_hold_claim_id',
  'vetting_snapshot',
]

/** No recovery owed: a quote of a carrier without settled claims to pay back. */
const NOTHING_OWED: RecoveryOwed = { nettedCents: null, open: [] }

/** The carrier's standing for payouts, read once for all its bookings. */
export type CarrierStanding = 'ready' | 'payout_hold' | 'onboarding'

function vettingFailed(snapshot: QuickPayFacts['vetting_snapshot']): boolean {
  if (!snapshot) return false
  try {
    const parsed =
      typeof snapshot === 'string' ? (JSON.parse(snapshot) as VettingSnapshot) : snapshot
    return parsed?.result === 'fail'
  } catch {
    return false
  }
}

/**
 * A booking's quick-pay quote from its row and its carrier's standing (pure): available only
 * for a delivered, paid booking of a carrier whose payout is still pending (not yet released by
 * completion or the 48-hour run), booked without a failed vetting, for a carrier whose payouts
 * are not held and whose payout account can receive transfers.
 */
export function quoteOf(
  facts: QuickPayFacts,
  standing: CarrierStanding,
  recovery: RecoveryOwed = NOTHING_OWED
): QuickPayQuote {
  const payoutCents = splitPayout(toCents(facts.total_amount ?? 0)).payoutCents
  const charged = facts.quick_pay_fee_cents === null ? null : Number(facts.quick_pay_fee_cents)
  const feeCents = charged ?? quickPayFee(payoutCents)
  const afterFeeCents = Math.max(0, payoutCents - feeCents)
  // The payout run nets recoveries from what it transfers (payout less fee), as the quote does.
  const recoveryCents =
    recovery.nettedCents ?? sumDeductions(netRecoveries(afterFeeCents, recovery.open).deductions)
  const reasonCode = unavailable(facts, standing, charged !== null)
  return {
    bookingId: Number(facts.id),
    reference: bookingReference(Number(facts.id)),
    available: reasonCode === null,
    reasonCode,
    reason: reasonCode === null ? null : QUICK_PAY_MESSAGES[reasonCode],
    feePercent: QUICK_PAY_FEE_PERCENT,
    payoutCents,
    feeCents,
    recoveryCents,
    amountNowCents: afterFeeCents - recoveryCents,
    payoutStatus: facts.payout_status,
    quickPaidAt: isoUtc(facts.quick_paid_at),
  }
}

function unavailable(
  facts: QuickPayFacts,
  standing: CarrierStanding,
  quickPaid: boolean
): QuickPayUnavailable | null {
  if (facts.carrier_id === null || facts.status === 'cancelled') return 'no_payout'
  if (quickPaid) return 'quick_paid'
  if (facts.payout_status === 'paid') return 'already_paid'
  if (facts.payout_status !== 'pending') return 'already_released'
  if (facts.payment_status !== 'paid') return 'not_paid'
  if (facts.status !== 'delivered') return 'not_delivered'
  if (facts.claim_hold_claim_id !== null && facts.claim_hold_claim_id !== undefined) {
    return 'claim_hold'
  }
  if (vettingFailed(facts.vetting_snapshot)) return 'vetting_failed'
  if (standing !== 'ready') return standing
  return null
}

/** A quick pay refused: the reason, and the quote that says it. */
export class QuickPayRefused extends Error {
  constructor(public quote: QuickPayQuote) {
    super(quote.reason ?? 'Quick pay is not available')
  }
}

/**
 * Quick pay (docs/decisions/0222): a carrier takes a delivered booking's payout now instead of
 * 48 hours after delivery, for `QUICK_PAY_FEE_PERCENT` of it. The release is the payout run's
 * (one conditional update `payout_status = 'pending'`, the ledger's release in the same chain
 * append, escrow released) with the fee recorded on the booking and moved on the ledger from
 * the carrier's payable to the platform's revenue; the transfer is the payout run's own
 * (`PayoutService.payOut`: the same claim, eligibility, idempotency key and ledger line), for
 * the payout less the fee. Two quick pays, or a quick pay and a run, release and pay once.
 */
@inject()
export default class QuickPayService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private settlement: BookingSettlementService,
    private eligibility: PayoutEligibilityService,
    private payouts: PayoutService,
    private recoveries: ClaimRecoveryService
  ) {}

  /** The carrier's standing for payouts now: ready, held after an account change, or onboarding. */
  async standing(carrierId: number): Promise<CarrierStanding> {
    const verdict = (await this.eligibility.forCarriers([carrierId])).get(carrierId)
    if (verdict?.ready) return 'ready'
    return verdict && verdict.until !== null ? 'payout_hold' : 'onboarding'
  }

  /** GET /api/carrier/bookings/:id/quick-pay (BookingPolicy has checked it is the carrier's). */
  async quote(bookingId: number): Promise<QuickPayQuote> {
    const facts = await this.facts(bookingId)
    const carrierId = facts.carrier_id === null ? null : Number(facts.carrier_id)
    const owed = await this.recoveries.owed('booking', [{ id: Number(facts.id), carrierId }])
    return quoteOf(
      facts,
      await this.standingOf(facts),
      ClaimRecoveryService.owedBy(owed, Number(facts.id), carrierId)
    )
  }

  /**
   * POST /api/carrier/bookings/:id/quick-pay: releases the payout now with the fee and pays it
   * through the payout run's transfer. A booking this carrier already quick-paid answers its
   * state again (a double click is one quick pay, one transfer); any other reason refuses.
   */
  async take(bookingId: number): Promise<QuickPayResult> {
    const before = await this.quote(bookingId)
    if (before.reasonCode === 'quick_paid') return this.settle(bookingId)
    if (!before.available) throw new QuickPayRefused(before)

    const released = await writeTransaction(async (trx) => {
      const booking = await trx
        .from('bookings')
        .where('id', bookingId)
        .select('carrier_id', 'total_amount')
        .first()
      const totalCents = toCents(booking.total_amount ?? 0)
      const carrierId = Number(booking.carrier_id)
      const feeCents = quickPayFee(splitPayout(totalCents).payoutCents)
      const now = this.clock.now()
      if (!(await this.settlement.releaseQuickPay(trx, bookingId, feeCents, now))) return null
      await this.ledger.postMany(trx, [
        releaseTransaction(bookingId, carrierId, totalCents),
        ...(feeCents > 0 ? [quickPayFeeTransaction(bookingId, carrierId, feeCents)] : []),
      ])
      await EscrowTransaction.query({ client: trx })
        .where('shipmentId', bookingId)
        .where('status', 'HELD')
        .update({ status: 'RELEASED', updated_at: now.toFormat(trx.dialect.dateTimeFormat) })
      return { bookingId, carrierId }
    })
    if (released === null) {
      // Another request (or the release run) released it first: say what it did.
      const now = await this.quote(bookingId)
      if (now.reasonCode === 'quick_paid') return this.settle(bookingId)
      throw new QuickPayRefused(now)
    }
    await emitter.emit('payouts:changed', { change: 'released', payouts: [released] })
    return this.settle(bookingId)
  }

  /** Pays a quick-paid booking through the payout run's transfer (nothing if already claimed). */
  private async settle(bookingId: number): Promise<QuickPayResult> {
    const outcome = await this.payouts.payOut(bookingId)
    const quote = await this.quote(bookingId)
    if (outcome !== 'skipped') return { outcome, quote }
    return { outcome: quote.payoutStatus === 'paid' ? 'paid' : 'pending', quote }
  }

  private async facts(bookingId: number): Promise<QuickPayFacts> {
    return (await db
      .from('bookings')
      .where('id', bookingId)
      .select(QUICK_PAY_COLUMNS)
      .firstOrFail()) as QuickPayFacts
  }

  private async standingOf(facts: QuickPayFacts): Promise<CarrierStanding> {
    // Only a booking still open to quick pay asks the provider about its carrier.
    if (facts.carrier_id === null || facts.payout_status !== 'pending') return 'ready'
    return this.standing(Number(facts.carrier_id))
  }
}
