import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference, expeditedReference } from '#core/reference'
import { isoUtc } from '#core/timestamps'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import PayoutHoldService, {
  isPayoutHoldReason,
  type PayoutHold,
} from '#payments/services/payout_hold_service'

/** At most this many payouts in the admin's "needing attention" list. */
export const ATTENTION_LIMIT = 200

/** A payout an operator should look at: failed, or released but held (admin console). */
export type PayoutAttention = {
  bookingId: number
  reference: string
  carrierCompany: string | null
  /** the carrier's 91 percent, in dollars */
  payoutAmount: number
  payoutStatus: string
  reason: string | null
  attempts: number
  nextAttemptAt: string | null
  releasedAt: string | null
  /** waiting (for the carrier's onboarding, or for a payout hold to end) rather than failed */
  held: boolean
  /**
   * the quick-pay fee taken off the payout when the carrier took it at once (decision 0222),
   * cents; null when it did not (always for an expedited payout)
   */
  quickPayFeeCents: number | null
}

/**
 * A delivered expedited job's payout needing an operator's eye (docs/decisions/0188): failed,
 * or held. Retried by the payout run like a booking's; it has no booking to retry by.
 */
export type ExpeditedPayoutAttention = Omit<PayoutAttention, 'bookingId'> & {
  expeditedJobId: number
}

/** Payout states an operator filters by: the stored status, or `held` (released, waiting). */
export type PayoutListState = 'pending' | 'released' | 'held' | 'paid' | 'failed'
export const PAYOUTS_PER_PAGE = 20

/** What a payout pays for: a booking, or a delivered expedited job (docs/decisions/0206). */
export type PayoutKind = 'booking' | 'expedited'

/** One row of the admin's payout list: a booking's payout or an expedited job's, by `kind`. */
export type PayoutListItem = Omit<PayoutAttention, 'bookingId'> & {
  kind: PayoutKind
  bookingId: number | null
  expeditedJobId: number | null
}

export type PayoutPage = {
  data: PayoutListItem[]
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
}

/** A carrier whose payouts are held after a change (decision 0098), with its company name. */
export type CarrierPayoutHold = Omit<PayoutHold, 'id'> & { carrierCompany: string | null }

/** The columns both kinds of payout list, in the union's order (after `kind`). */
const LIST_COLUMNS = [
  'id',
  'carrier_id',
  'payout_status',
  'payout_failure_reason',
  'payout_attempts',
  'payout_next_attempt_at',
  'payout_released_at',
  'created_at',
]

type ListRow = Omit<AttentionRow, 'total_amount'> & {
  kind: PayoutKind
  total_amount: string | number | null
  amount_cents: string | number | null
}

type AttentionRow = {
  id: number
  carrier_id: number | null
  total_amount: string | number | null
  payout_status: string
  payout_failure_reason: string | null
  payout_attempts: number | string
  payout_next_attempt_at: Date | string | null
  payout_released_at: Date | string | null
  quick_pay_fee_cents?: string | number | null
}

/**
 * The admin's view of payouts (console and CLI): the ones needing an operator's eye, and one
 * booking's payout, with the carrier's company name and its 91 percent in dollars.
 */
@inject()
export default class PayoutAttentionService {
  constructor(
    private carriers: CarrierProfileService,
    private holds: PayoutHoldService
  ) {}

  /** Carriers whose payouts are held now after a change, ending last first. */
  async carrierHolds(): Promise<CarrierPayoutHold[]> {
    const holds = await this.holds.allActive(ATTENTION_LIMIT)
    const names = await this.carriers.companyNamesByIds(holds.map((hold) => hold.carrierId))
    return holds.map(({ id: _id, ...hold }) => ({
      ...hold,
      carrierCompany: names.get(hold.carrierId) ?? null,
    }))
  }

  /**
   * Payouts needing an operator's eye (admin console): failed transfers, and released payouts
   * held with a reason (unfinished onboarding), newest release first.
   */
  async attention(): Promise<PayoutAttention[]> {
    const rows = (await this.query()
      .where((q) =>
        q
          .where('payout_status', 'failed')
          .orWhere((held) =>
            held.where('payout_status', 'released').whereNotNull('payout_failure_reason')
          )
      )
      .orderByRaw('payout_released_at desc nulls last')
      .orderBy('id', 'desc')
      .limit(ATTENTION_LIMIT)) as AttentionRow[]
    return this.present(rows)
  }

  /** Delivered expedited jobs' payouts that failed or are held, newest release first. */
  expeditedAttention(): Promise<ExpeditedPayoutAttention[]> {
    return this.expeditedRows((query) =>
      query
        .where((q) =>
          q
            .where('payout_status', 'failed')
            .orWhere((held) =>
              held.where('payout_status', 'released').whereNotNull('payout_failure_reason')
            )
        )
        .orderBy('payout_released_at', 'desc')
        .orderBy('expedited_job_id', 'desc')
        .limit(ATTENTION_LIMIT)
    )
  }

  /** One delivered expedited job's payout, whatever its state; null when it has none. */
  async expeditedPayoutOf(jobId: number): Promise<ExpeditedPayoutAttention | null> {
    const [view] = await this.expeditedRows((query) => query.where('expedited_job_id', jobId))
    return view ?? null
  }

  /** Expedited payouts (a delivered job's succeeded payment with its carrier) as the admin sees them. */
  private async expeditedRows(
    narrow: (query: DatabaseQueryBuilderContract) => DatabaseQueryBuilderContract
  ): Promise<ExpeditedPayoutAttention[]> {
    const rows = (await narrow(
      db
        .from('expedited_payments')
        .whereNotNull('carrier_id')
        .whereNotNull('payout_status')
        .select(
          'expedited_job_id as id',
          'carrier_id',
          'amount_cents',
          'payout_status',
          'payout_failure_reason',
          'payout_attempts',
          'payout_next_attempt_at',
          'payout_released_at'
        )
    )) as (Omit<AttentionRow, 'total_amount'> & { amount_cents: string | number })[]
    const views = await this.present(
      rows.map(({ amount_cents: cents, ...row }) => ({
        ...row,
        total_amount: fromCents(Number(cents)),
      }))
    )
    return views.map(({ bookingId, ...view }) => ({
      ...view,
      expeditedJobId: bookingId,
      reference: expeditedReference(bookingId),
    }))
  }

  /**
   * Every carrier payout (CLI `payouts list`): bookings' and delivered expedited jobs'
   * (docs/decisions/0206), each with its `kind`, newest first (the booking's or the expedited
   * payment's creation), 20 a page: by kind, state (`released` means released and not held;
   * `held` released with a hold reason) or booking.
   */
  async page(
    filters: { kind?: PayoutKind; state?: PayoutListState; bookingId?: number },
    page: number
  ): Promise<PayoutPage> {
    const { kind, state, bookingId } = filters
    const both = db
      .from('bookings')
      .whereNotNull('carrier_id')
      .select(
        db.raw(`'booking' as kind`),
        ...LIST_COLUMNS,
        'total_amount',
        db.raw('null as amount_cents'),
        'quick_pay_fee_cents'
      )
      .unionAll(
        (expedited) =>
          expedited
            .from('expedited_payments')
            .whereNotNull('carrier_id')
            .whereNotNull('payout_status')
            .select(
              db.raw(`'expedited' as kind`),
              'expedited_job_id as id',
              ...LIST_COLUMNS.slice(1),
              db.raw('null as total_amount'),
              'amount_cents',
              db.raw('null as quick_pay_fee_cents')
            ),
        false
      )
    const query = db.query().from(both.as('payouts'))
    if (kind) query.where('kind', kind)
    // A booking named: only bookings' payouts can match it.
    if (bookingId !== undefined) query.where('kind', 'booking').where('id', bookingId)
    if (state === 'held' || state === 'released') {
      query.where('payout_status', 'released')
      if (state === 'held') query.whereNotNull('payout_failure_reason')
      else query.whereNull('payout_failure_reason')
    } else if (state) query.where('payout_status', state)
    const result = await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .orderBy('kind', 'asc')
      .paginate(page, PAYOUTS_PER_PAGE)
    const total = Number(result.total)
    const rows = result.all() as ListRow[]
    const views = await this.present(
      rows.map((row) => ({
        ...row,
        total_amount:
          row.kind === 'expedited' ? fromCents(Number(row.amount_cents)) : row.total_amount,
      }))
    )
    return {
      data: views.map(({ bookingId: id, ...view }, i) =>
        rows[i].kind === 'expedited'
          ? {
              ...view,
              kind: 'expedited',
              bookingId: null,
              expeditedJobId: id,
              reference: expeditedReference(id),
            }
          : { ...view, kind: 'booking', bookingId: id, expeditedJobId: null }
      ),
      meta: {
        total,
        perPage: PAYOUTS_PER_PAGE,
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(total / PAYOUTS_PER_PAGE)),
      },
    }
  }

  /** One booking's payout in the same shape, whatever its state; null for an unknown booking. */
  async payoutOf(bookingId: number): Promise<PayoutAttention | null> {
    const row = (await this.query().where('id', bookingId).first()) as AttentionRow | null
    return row ? (await this.present([row]))[0] : null
  }

  /**
   * Bookings with a carrier payout: a partner booking has no carrier here (its partner is paid
   * on its own terms, through its invoice: docs/decisions/0182), so it has no payout to list.
   */
  private query() {
    return db
      .from('bookings')
      .whereNotNull('carrier_id')
      .select(
        'id',
        'carrier_id',
        'total_amount',
        'payout_status',
        'payout_failure_reason',
        'payout_attempts',
        'payout_next_attempt_at',
        'payout_released_at',
        'quick_pay_fee_cents'
      )
  }

  private async present(rows: AttentionRow[]): Promise<PayoutAttention[]> {
    const names = await this.carriers.companyNamesByIds(
      rows.flatMap((row) => (row.carrier_id === null ? [] : [Number(row.carrier_id)]))
    )
    return rows.map((row) => ({
      bookingId: Number(row.id),
      reference: bookingReference(Number(row.id)),
      carrierCompany: row.carrier_id === null ? null : (names.get(Number(row.carrier_id)) ?? null),
      payoutAmount: fromCents(splitPayout(toCents(row.total_amount ?? 0)).payoutCents),
      payoutStatus: row.payout_status,
      reason: row.payout_failure_reason,
      attempts: Number(row.payout_attempts),
      nextAttemptAt: isoUtc(row.payout_next_attempt_at),
      releasedAt: isoUtc(row.payout_released_at),
      held:
        row.payout_status === 'released' &&
        (row.payout_failure_reason === ONBOARDING_HOLD_REASON ||
          isPayoutHoldReason(row.payout_failure_reason)),
      quickPayFeeCents:
        row.quick_pay_fee_cents === null || row.quick_pay_fee_cents === undefined
          ? null
          : Number(row.quick_pay_fee_cents),
    }))
  }
}
