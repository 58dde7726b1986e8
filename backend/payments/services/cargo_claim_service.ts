import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import payments from '#plugins/payments/services/main'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingSettlementService from '#marketplace/services/booking_settlement_service'
import EscrowTransaction from '#payments/models/escrow_transaction'
import { CLAIM_CHAIN } from '#payments/chains'
import ClaimEvidenceService, { type ClaimFileView } from '#payments/services/claim_evidence_service'
import LedgerService, {
  claimRefundTransaction,
  recoveryAdvanceTransaction,
  releaseTransaction,
} from '#payments/services/ledger_service'
import { outstandingOf, recoveryAdvance } from '#payments/services/recovery_rules'
import PayoutService from '#payments/services/payout_service'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import { carrierPayoutCents } from '#payments/services/payout_rules'
import {
  type ClaimAction,
  type ClaimStatus,
  type ClaimType,
  ClaimStepRefused,
  businessDayOf,
  claimCeilingCents,
  lastFilingDayOf,
  respondByOf,
  settlementSplit,
  stepOf,
  withinFilingWindow,
} from '#payments/services/claim_rules'
import { Clock } from '#core/clock'
import { businessToday } from '#core/business_time'
import { appendToChain } from '#core/hash_chain'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { formatUsd, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { isoUtc, readTimestamp, sqlTimestamp } from '#core/timestamps'
import { writeTransaction } from '#core/transactions'
import { isUniqueViolation, validationError } from '#core/validation'
import '#payments/payout_events'

export const CLAIM_NOT_FOUND = 'Claim not found'

type ClaimRow = {
  id: number
  booking_id: number
  shipper_id: number
  carrier_id: number
  type: ClaimType
  amount_cents: number | string
  description: string
  status: ClaimStatus
  payout_held: boolean | number
  delivered_on: string
  respond_by: string
  response: 'accept' | 'offer' | 'decline' | null
  offer_cents: number | string | null
  response_reason: string | null
  responded_at: unknown
  escalation_reason: string | null
  escalated_at: unknown
  decided_by: number | null
  decision_reason: string | null
  settled_cents: number | string | null
  refunded_cents: number | string | null
  recovery_cents: number | string | null
  recovered_cents: number | string | null
  recovery_refunded_cents: number | string | null
  refund_id: string | null
  settled_at: unknown
  filed_at: unknown
}

/** A claim as its shipper, its carrier and the admins read it (no party's identity). */
export type ClaimView = {
  id: number
  bookingId: number
  reference: string
  type: ClaimType
  amountCents: number
  description: string
  status: ClaimStatus
  /** filed before the payout's release: the payout waits for the claim */
  payoutHeld: boolean
  deliveredOn: string
  filedAt: string
  respondBy: string
  response: 'accept' | 'offer' | 'decline' | null
  offerCents: number | null
  responseReason: string | null
  respondedAt: string | null
  escalationReason: string | null
  escalatedAt: string | null
  decisionReason: string | null
  settledCents: number | null
  refundedCents: number | null
  recoveryCents: number | null
  /**
   * of `recoveryCents`, what the carrier's later payouts have paid back so far, and what is
   * still to collect (docs/decisions/0254); both 0 without a recovery
   */
  recoveredCents: number
  recoveryOutstandingCents: number
  /**
   * what the platform refunded the shipper's card at once for the recovery; the rest of the
   * recovery, if any, is owed to the shipper (decision 0254); null without a recovery
   */
  recoveryRefundedCents: number | null
  settledAt: string | null
  /** evidence either side attached (decision 0245) */
  files: ClaimFileView[]
}

export type ClaimStepView = {
  action: string
  status: ClaimStatus
  actorRole: string
  amountCents: number | null
  note: string | null
  at: string
}

export type ClaimDetail = ClaimView & { steps: ClaimStepView[] }

export type AdminClaimView = ClaimView & { carrierId: number; shipperId: number }

/** Claims listed per carrier on Fleet Oversight. */
export const CLAIMS_HISTORY_LIMIT = 10

/** A carrier's claims history, as Fleet Oversight shows it. */
export type CarrierClaimsHistory = {
  /** what its settled claims came to, cents */
  settledCents: number
  /** claims not yet settled or closed */
  open: number
  claims: {
    id: number
    reference: string
    type: ClaimType
    amountCents: number
    status: ClaimStatus
    settledCents: number | null
    filedAt: string
  }[]
}

export type Actor = {
  userId: number
  role: 'shipper' | 'carrier' | 'admin'
  /** the company member's own login that acted (decision 0246); null or absent otherwise */
  memberUserId?: number | null
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

function present(row: ClaimRow, files: ClaimFileView[]): ClaimView {
  return {
    id: Number(row.id),
    bookingId: Number(row.booking_id),
    reference: bookingReference(Number(row.booking_id)),
    type: row.type,
    amountCents: Number(row.amount_cents),
    description: row.description,
    status: row.status,
    payoutHeld: Boolean(row.payout_held),
    deliveredOn: row.delivered_on,
    filedAt: isoUtc(row.filed_at)!,
    respondBy: row.respond_by,
    response: row.response,
    offerCents: num(row.offer_cents),
    responseReason: row.response_reason,
    respondedAt: isoUtc(row.responded_at),
    escalationReason: row.escalation_reason,
    escalatedAt: isoUtc(row.escalated_at),
    decisionReason: row.decision_reason,
    settledCents: num(row.settled_cents),
    refundedCents: num(row.refunded_cents),
    recoveryCents: num(row.recovery_cents),
    recoveredCents: Number(row.recovered_cents ?? 0),
    recoveryOutstandingCents: outstandingOf(
      num(row.recovery_cents),
      Number(row.recovered_cents ?? 0)
    ),
    recoveryRefundedCents: num(row.recovery_refunded_cents),
    settledAt: isoUtc(row.settled_at),
    files,
  }
}

/** A refused step as the HTTP answer says it: a 422 naming the field, else a 409. */
function refusal(error: ClaimStepRefused): Error {
  if (error.field) {
    return validationError([{ field: error.field, message: error.message, rule: error.code }])
  }
  return new ConflictException(error.message)
}

/**
 * Cargo claims (docs/decisions/0232, 0233). A shipper files on a delivered, paid booking within
 * `CLAIM_FILING_MONTHS` of delivery; filing before the payout's release holds it (one
 * conditional update on the booking, so the release run and quick pay skip it). The carrier
 * answers within `CLAIM_RESPONSE_DAYS`; the shipper accepts or escalates; an admin decides.
 * A settlement of a held claim refunds the shipper's card out of the carrier's payout (the
 * provider's refund, then the payout released less it, one ledger append); one filed after
 * the release records a recovery against the carrier. Each step is appended to the
 * hash-chained `cargo_claim_audits` in the step's own transaction.
 */
@inject()
export default class CargoClaimService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService,
    private settlement: BookingSettlementService,
    private payouts: PayoutService,
    private carriers: CarrierProfileService,
    private ratings: RatingSummaryService,
    private evidence: ClaimEvidenceService
  ) {}

  /** POST /api/bookings/:id/claims (ClaimPolicy has checked the booking is the shipper's). */
  async file(
    shipperId: number,
    bookingId: number,
    input: { type: ClaimType; amountCents: number; description: string },
    memberUserId: number | null = null
  ): Promise<ClaimView> {
    const booking = await db
      .from('bookings')
      .where('id', bookingId)
      .select('id', 'status', 'payment_status', 'carrier_id', 'delivered_at')
      .first()
    if (!booking) throw new NotFoundException('Booking not found')
    const deliveredAt = readTimestamp(booking.delivered_at)
    if (booking.status !== 'delivered' || !deliveredAt) {
      throw new ConflictException('A claim can be filed once the booking is delivered')
    }
    if (booking.payment_status !== 'paid' || booking.carrier_id === null) {
      throw new ConflictException(
        'Only a paid booking hauled by a carrier on the platform can be claimed'
      )
    }
    const deliveredOn = businessDayOf(deliveredAt)
    const today = businessToday(this.clock)
    if (!withinFilingWindow(deliveredOn, today)) {
      throw new ConflictException(
        `The window to file a claim on this booking closed on ${lastFilingDayOf(deliveredOn)}`
      )
    }
    const ceiling = claimCeilingCents(null)
    if (input.amountCents > ceiling) {
      throw validationError([
        {
          field: 'amountCents',
          message: `A claim may ask at most ${formatUsd(ceiling)}, the platform's liability limit`,
          rule: 'max',
        },
      ])
    }
    const now = this.clock.now()
    let claimId: number
    try {
      claimId = await writeTransaction(async (trx) => {
        const stamp = sqlTimestamp(now, trx)
        const [inserted] = await trx
          .table('cargo_claims')
          .insert({
            booking_id: bookingId,
            shipper_id: shipperId,
            carrier_id: Number(booking.carrier_id),
            type: input.type,
            amount_cents: input.amountCents,
            description: input.description,
            status: 'filed',
            payout_held: false,
            delivered_on: deliveredOn,
            respond_by: respondByOf(today),
            filed_at: stamp,
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
        const id = Number(typeof inserted === 'object' ? inserted.id : inserted)
        // Before the release, the claim holds the payout; after it, it proceeds as a recovery.
        const held = await this.settlement.holdPayoutForClaim(trx, bookingId, id, now)
        if (held) await trx.from('cargo_claims').where('id', id).update({ payout_held: true })
        await this.audit(
          trx,
          id,
          { userId: shipperId, role: 'shipper', memberUserId },
          'filed',
          'filed',
          {
            amountCents: input.amountCents,
            note: held ? 'payout held' : 'payout already released: recovery against the carrier',
          }
        )
        return id
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException('A claim has already been filed on this booking')
      }
      throw error
    }
    await emitter.emit('claims:changed', { claimId, bookingId, status: 'filed' })
    // The carrier's claims ratio in its ratings summary.
    const carrierId = Number(booking.carrier_id)
    await this.ratings.rewriteClaims(carrierId, async (trx) => {
      const [{ n }] = await trx.from('cargo_claims').where('carrier_id', carrierId).count('* as n')
      return Number(n)
    })
    return this.view(claimId)
  }

  /** GET /api/claims: the shipper's own claims, or the claims against the carrier's company. */
  async listFor(actor: Actor): Promise<ClaimView[]> {
    const query = db.from('cargo_claims').orderBy('id', 'desc').limit(200)
    if (actor.role === 'shipper') query.where('shipper_id', actor.userId)
    else {
      const carrierId = await this.carriers.findCarrierId(actor.userId)
      if (carrierId === null) return []
      query.where('carrier_id', carrierId)
    }
    return this.presentAll((await query) as ClaimRow[])
  }

  /** GET /api/claims/:id (ClaimPolicy has checked the reader is a party). */
  async detail(claimId: number): Promise<ClaimDetail> {
    const claim = await this.view(claimId)
    const steps = await db
      .from('cargo_claim_audits')
      .where('claim_id', claimId)
      .orderBy('id')
      .select('action', 'status', 'actor_role', 'amount_cents', 'note', 'created_at')
    return {
      ...claim,
      steps: steps.map((step) => ({
        action: step.action,
        status: step.status,
        actorRole: step.actor_role,
        amountCents: num(step.amount_cents),
        note: step.note,
        at: isoUtc(step.created_at)!,
      })),
    }
  }

  /** The claims filed on a booking, oldest first, with their steps and evidence (decision 0250). */
  async onBooking(bookingId: number): Promise<ClaimDetail[]> {
    const rows = await db
      .from('cargo_claims')
      .where('booking_id', bookingId)
      .orderBy('id')
      .select('id')
    const details: ClaimDetail[] = []
    for (const row of rows) details.push(await this.detail(Number(row.id)))
    return details
  }

  /** GET /api/admin/claims: every claim, escalated ones first, optionally one carrier's. */
  async listForAdmin(filter: {
    status?: ClaimStatus
    carrierId?: number
  }): Promise<AdminClaimView[]> {
    const query = db
      .from('cargo_claims')
      .orderByRaw("case when status = 'escalated' then 0 else 1 end")
      .orderBy('id', 'desc')
      .limit(200)
    if (filter.status) query.where('status', filter.status)
    if (filter.carrierId) query.where('carrier_id', filter.carrierId)
    const rows = (await query) as ClaimRow[]
    const claims = await this.presentAll(rows)
    return rows.map((row, i) => ({
      ...claims[i],
      carrierId: Number(row.carrier_id),
      shipperId: Number(row.shipper_id),
    }))
  }

  /**
   * Carriers' claims history for Fleet Oversight (docs/decisions/0233): each carrier's claims,
   * newest first (up to `CLAIMS_HISTORY_LIMIT`), and what its settled claims came to.
   */
  async historyOf(carrierIds: number[]): Promise<Map<number, CarrierClaimsHistory>> {
    const ids = [...new Set(carrierIds)]
    const histories = new Map<number, CarrierClaimsHistory>(
      ids.map((id) => [id, { settledCents: 0, open: 0, claims: [] }])
    )
    if (ids.length === 0) return histories
    const rows = (await db
      .from('cargo_claims')
      .whereIn('carrier_id', ids)
      .orderBy('id', 'desc')) as ClaimRow[]
    for (const row of rows) {
      const history = histories.get(Number(row.carrier_id))!
      history.settledCents += Number(row.settled_cents ?? 0)
      if (row.status !== 'settled' && row.status !== 'closed') history.open++
      if (history.claims.length < CLAIMS_HISTORY_LIMIT) {
        history.claims.push({
          id: Number(row.id),
          reference: bookingReference(Number(row.booking_id)),
          type: row.type,
          amountCents: Number(row.amount_cents),
          status: row.status,
          settledCents: num(row.settled_cents),
          filedAt: isoUtc(row.filed_at)!,
        })
      }
    }
    return histories
  }

  /** POST /api/claims/:id/response: the carrier accepts, offers part, or declines. */
  respond(
    actor: Actor,
    claimId: number,
    input: { action: 'accept' | 'offer' | 'decline'; offerCents?: number; reason?: string }
  ): Promise<ClaimView> {
    const action: ClaimAction =
      input.action === 'accept'
        ? { kind: 'carrier_accept' }
        : input.action === 'offer'
          ? { kind: 'carrier_offer', offerCents: input.offerCents ?? 0 }
          : { kind: 'carrier_decline' }
    return this.step(
      actor,
      claimId,
      action,
      {
        response: input.action,
        offer_cents: input.action === 'offer' ? (input.offerCents ?? null) : null,
        response_reason: input.reason ?? null,
        responded_at: 'now',
      },
      input.reason ?? null
    )
  }

  /** POST /api/claims/:id/accept: the shipper accepts the carrier's offer or decline. */
  accept(actor: Actor, claimId: number): Promise<ClaimView> {
    return this.step(actor, claimId, { kind: 'shipper_accept' }, {}, null)
  }

  /** POST /api/claims/:id/escalate: the shipper asks an admin to decide. */
  escalate(actor: Actor, claimId: number, reason: string): Promise<ClaimView> {
    return this.step(
      actor,
      claimId,
      { kind: 'shipper_escalate' },
      { escalation_reason: reason, escalated_at: 'now' },
      reason
    )
  }

  /** POST /api/admin/claims/:id/decision: an admin decides an escalated claim, with a reason. */
  decide(actor: Actor, claimId: number, amountCents: number, reason: string): Promise<ClaimView> {
    return this.step(
      actor,
      claimId,
      { kind: 'admin_decide', amountCents },
      { decided_by: actor.userId, decision_reason: reason },
      reason
    )
  }

  /**
   * One step of the state machine: the rules decide the next status; a step that settles money
   * refunds through the provider first (idempotency key `claim-<id>-refund`, so a step retried
   * or raced refunds once), then one transaction moves the claim by a conditional update on its
   * status, releases the held payout less the refund on the ledger (or ends the hold) and
   * appends the audit. A step that lost a race to the same step is a 409.
   */
  private async step(
    actor: Actor,
    claimId: number,
    action: ClaimAction,
    columns: Record<string, unknown>,
    note: string | null
  ): Promise<ClaimView> {
    const row = await this.row(claimId)
    const claim = present(row, [])
    let next
    try {
      next = stepOf(
        {
          status: claim.status,
          amountCents: claim.amountCents,
          offerCents: claim.offerCents,
          respondBy: claim.respondBy,
        },
        action,
        businessToday(this.clock)
      )
    } catch (error) {
      if (error instanceof ClaimStepRefused) throw refusal(error)
      throw error
    }
    const money = next.settleCents === null ? null : await this.moneyFor(row, next.settleCents)
    const now = this.clock.now()
    const released = await writeTransaction(async (trx) => {
      const stamp = sqlTimestamp(now, trx)
      const update: Record<string, unknown> = { status: next.status, updated_at: stamp }
      for (const [key, value] of Object.entries(columns))
        update[key] = value === 'now' ? stamp : value
      if (money) {
        Object.assign(update, {
          settled_cents: next.settleCents,
          refunded_cents: money.refundCents,
          recovery_cents: money.recoveryCents,
          refund_id: money.refundId,
          settled_at: stamp,
        })
        if (money.recoveryCents > 0) {
          Object.assign(update, {
            recovery_refunded_cents: money.advance.cardCents,
            recovery_refund_id: money.advanceRefundId,
          })
        }
      }
      const moved = await trx
        .from('cargo_claims')
        .where('id', claimId)
        .where('status', claim.status)
        .update(update)
      if (Number(Array.isArray(moved) ? moved[0] : moved) !== 1) {
        throw new ConflictException('This claim changed meanwhile; reload it')
      }
      let releasedNow = false
      if (money && money.refundCents > 0) {
        releasedNow = await this.releaseLessRefund(
          trx,
          row,
          money.refundCents,
          money.refundId!,
          now
        )
      } else if (next.status === 'settled' || next.status === 'closed') {
        await this.settlement.endClaimHold(trx, Number(row.booking_id), claimId, now)
      }
      const stepName = {
        carrier_accept: 'accepted',
        carrier_offer: 'offered',
        carrier_decline: 'declined',
        shipper_accept: 'shipper_accepted',
        shipper_escalate: 'escalated',
        admin_decide: 'decided',
      }[action.kind]
      await this.audit(trx, claimId, actor, stepName, next.status, {
        amountCents:
          action.kind === 'carrier_offer'
            ? action.offerCents
            : action.kind === 'admin_decide'
              ? action.amountCents
              : next.settleCents,
        note,
      })
      if (money && money.recoveryCents > 0) {
        // The platform makes the shipper whole now and collects from the carrier's next
        // payouts (decision 0254).
        await this.ledger.post(
          trx,
          recoveryAdvanceTransaction(
            claimId,
            Number(row.carrier_id),
            Number(row.shipper_id),
            money.advance,
            money.advanceRefundId
          )
        )
      }
      if (money) {
        await this.audit(trx, claimId, actor, 'settled', next.status, {
          amountCents: next.settleCents,
          note:
            money.refundCents > 0
              ? `refunded ${formatUsd(money.refundCents)} from the held payout` +
                (money.recoveryCents > 0
                  ? `; recovery ${formatUsd(money.recoveryCents)} recorded`
                  : '')
              : `recovery ${formatUsd(money.recoveryCents)} advanced to the shipper, to be netted from the carrier's next payouts`,
        })
      }
      return releasedNow
    })
    await emitter.emit('claims:changed', {
      claimId,
      bookingId: Number(row.booking_id),
      status: next.status,
    })
    if (released) {
      await emitter.emit('payouts:changed', {
        change: 'released',
        payouts: [{ bookingId: Number(row.booking_id), carrierId: Number(row.carrier_id) }],
      })
      try {
        await this.payouts.payOut(Number(row.booking_id))
      } catch (error) {
        logger.error(
          { err: error, claimId },
          'payout after a claim settlement failed; the run retries it'
        )
      }
    }
    return this.view(claimId)
  }

  /**
   * Where a settlement's money comes from, and the provider's refund when the claim holds the
   * payout. The refund goes out before the step's transaction with a key of the claim's own.
   */
  private async moneyFor(row: ClaimRow, settleCents: number) {
    const booking = await db
      .from('bookings')
      .where('id', row.booking_id)
      .select(
        'total_amount',
        'stripe_payment_intent_id',
        'payout_status',
        'claim_hold_claim_id',
        'cancellation_fee_cents',
        'quick_pay_fee_cents'
      )
      .first()
    const holds =
      Number(booking.claim_hold_claim_id) === Number(row.id) && booking.payout_status === 'pending'
    const payout = carrierPayoutCents({
      totalAmount: booking.total_amount,
      cancellationFeeCents: null,
      quickPayFeeCents: num(booking.quick_pay_fee_cents),
    })
    const split = settlementSplit(settleCents, holds, payout)
    const driver = await payments.use()
    // The recovery is advanced to the shipper at once (decision 0254): to the card as far as
    // the booking's charge can still be refunded, the rest owed to the shipper.
    const advance = recoveryAdvance(
      split.recoveryCents,
      toCents(booking.total_amount ?? 0) - split.refundCents
    )
    let advanceRefundId: string | null = null
    if (advance.cardCents > 0) {
      const refund = await driver.refund({
        paymentId: booking.stripe_payment_intent_id,
        amountCents: advance.cardCents,
        idempotencyKey: `claim-${row.id}-recovery-refund`,
      })
      if (!refund.ok) {
        logger.error(
          { claimId: row.id, code: refund.code, message: refund.message },
          'claim recovery refund failed'
        )
        throw new ConflictException(`The refund could not be made: ${refund.message}`)
      }
      advanceRefundId = refund.id
    }
    if (split.refundCents === 0) {
      return { ...split, refundId: null as string | null, advance, advanceRefundId }
    }
    const refund = await driver.refund({
      paymentId: booking.stripe_payment_intent_id,
      amountCents: split.refundCents,
      idempotencyKey: `claim-${row.id}-refund`,
    })
    if (!refund.ok) {
      logger.error(
        { claimId: row.id, code: refund.code, message: refund.message },
        'claim refund failed'
      )
      throw new ConflictException(`The refund could not be made: ${refund.message}`)
    }
    return { ...split, refundId: refund.id as string | null, advance, advanceRefundId }
  }

  /** The held payout released now, less the claim's refund: one ledger append, escrow released. */
  private async releaseLessRefund(
    trx: TransactionClientContract,
    row: ClaimRow,
    refundCents: number,
    refundId: string,
    now: ReturnType<Clock['now']>
  ): Promise<boolean> {
    const bookingId = Number(row.booking_id)
    if (
      !(await this.settlement.releaseForClaim(trx, bookingId, Number(row.id), refundCents, now))
    ) {
      throw new ConflictException('The payout of this booking is no longer held by the claim')
    }
    const booking = await trx.from('bookings').where('id', bookingId).select('total_amount').first()
    const carrierId = Number(row.carrier_id)
    await this.ledger.postMany(trx, [
      releaseTransaction(bookingId, carrierId, toCents(booking.total_amount ?? 0)),
      claimRefundTransaction(bookingId, carrierId, refundCents, refundId),
    ])
    await EscrowTransaction.query({ client: trx })
      .where('shipmentId', bookingId)
      .where('status', 'HELD')
      .update({ status: 'RELEASED', updated_at: now.toFormat(trx.dialect.dateTimeFormat) })
    return true
  }

  private async audit(
    trx: TransactionClientContract,
    claimId: number,
    actor: Actor,
    action: string,
    status: ClaimStatus,
    detail: { amountCents: number | null; note: string | null }
  ) {
    await appendToChain(trx, CLAIM_CHAIN, [
      {
        claim_id: claimId,
        actor_id: actor.userId,
        actor_role: actor.role,
        ...(actor.memberUserId ? { actor_user_id: actor.memberUserId } : {}),
        action,
        status,
        amount_cents: detail.amountCents,
        note: detail.note,
        created_at: sqlTimestamp(this.clock.now(), trx),
      },
    ])
  }

  /**
   * The cargo claim filed on the booking (one at most), as admins' reason to read the booking's
   * messages names it: `cargo claim <id>`; null when none was filed (docs/decisions/0231).
   */
  async claimNaming(bookingId: number): Promise<string | null> {
    const row = await db.from('cargo_claims').where('booking_id', bookingId).select('id').first()
    return row ? `cargo claim ${Number(row.id)}` : null
  }

  /** The claim's shipper (user id) and carrier (company id), for ClaimPolicy; null if none. */
  async partiesOf(claimId: number): Promise<{ shipperId: number; carrierId: number } | null> {
    const row = await db
      .from('cargo_claims')
      .where('id', claimId)
      .select('shipper_id', 'carrier_id')
      .first()
    return row ? { shipperId: Number(row.shipper_id), carrierId: Number(row.carrier_id) } : null
  }

  async view(claimId: number): Promise<ClaimView> {
    return (await this.presentAll([await this.row(claimId)]))[0]
  }

  /** The rows as claims, each with its evidence files (one query for them all). */
  private async presentAll(rows: ClaimRow[]): Promise<ClaimView[]> {
    const files = await this.evidence.filesOf(rows.map((row) => Number(row.id)))
    return rows.map((row) => present(row, files.get(Number(row.id)) ?? []))
  }

  private async row(claimId: number): Promise<ClaimRow> {
    const row = (await db.from('cargo_claims').where('id', claimId).first()) as ClaimRow | null
    if (!row) throw new NotFoundException(CLAIM_NOT_FOUND)
    return row
  }
}
