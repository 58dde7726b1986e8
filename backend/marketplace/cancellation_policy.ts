/**
 * The cancellation policy of a booking (docs/decisions/0178). Pure: from a booking's status,
 * payment, total and pickup, and the business-time "now", what a cancellation would do: the
 * refund to the card and when it lands, the late-cancel fee and its split between the carrier
 * and the platform, and what becomes of a freight-board load. The quote endpoint shows it, and
 * the cancel applies what the server computes again at that moment.
 */
import { DateTime } from 'luxon'
import { splitPayout } from '#core/money'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { checkTransition, type BookingStatus, type StatusActor } from '#marketplace/booking_status'

/** A paid booking cancelled this close to its pickup (or later) pays the late-cancel fee. */
export const LATE_CANCEL_WINDOW_HOURS = 24

/** The late-cancel fee, in cents ($150.00), capped at the booking's total. */
export const LATE_CANCEL_FEE_CENTS = 15_000

/** A card refund is issued at once and reaches the card within this many business days. */
export const REFUND_BUSINESS_DAYS = 10

/** What becomes of the freight-board load a cancelled claim's booking came from. */
export type LoadOutcome = 'none' | 'back_on_board_unfunded'

export type CancellationFacts = {
  status: BookingStatus
  /** the booking's payment status: only `paid` money is refunded or charged a fee */
  paymentStatus: string
  totalCents: number
  /** `YYYY-MM-DD`, the booking's pickup day in business time */
  pickupDate: string | null
  /** when the pickup window opens (partner bookings), epoch ms; else the pickup day's start */
  pickupWindowStartMs: number | null
  /** whether the booking is a freight-board claim's */
  freightBoard: boolean
  /** the business day of the quote (`#core/business_time`) */
  today: string
  nowMs: number
}

export type CancellationQuote = {
  cancellable: boolean
  /** why the booking cannot be cancelled now (null when it can) */
  refusal: string | null
  paid: boolean
  /** inside the late-cancel window (or past the pickup) */
  late: boolean
  /** when the pickup starts, ISO (null when the booking has no pickup date) */
  pickupStartsAt: string | null
  totalCents: number
  refundCents: number
  feeCents: number
  /** the carrier's share of the fee (91 %, `splitPayout`) */
  carrierFeeCents: number
  platformFeeCents: number
  /** the last business day the refund reaches the card (null without a refund) */
  refundArrivesBy: string | null
  load: LoadOutcome
}

/** When the pickup starts: its window's start, else the start of its business day. */
export function pickupStartMs(
  facts: Pick<CancellationFacts, 'pickupDate' | 'pickupWindowStartMs'>
) {
  if (facts.pickupWindowStartMs !== null) return facts.pickupWindowStartMs
  if (facts.pickupDate === null) return null
  return DateTime.fromISO(facts.pickupDate, { zone: BUSINESS_TIME_ZONE }).startOf('day').toMillis()
}

/** The business day `days` working days (Monday to Friday) after `day`. */
export function addBusinessDays(day: string, days: number): string {
  let date = DateTime.fromISO(day, { zone: 'utc' })
  let left = days
  while (left > 0) {
    date = date.plus({ days: 1 })
    if (date.weekday <= 5) left--
  }
  return date.toISODate()!
}

/** What cancelling the booking now by `actor` would do. */
export function cancellationQuote(facts: CancellationFacts, actor: StatusActor): CancellationQuote {
  const check = checkTransition(facts.status, 'cancelled', actor)
  const paid = facts.paymentStatus === 'paid'
  const start = pickupStartMs(facts)
  const late = start !== null && facts.nowMs >= start - LATE_CANCEL_WINDOW_HOURS * 3_600_000
  const feeCents = check.ok && paid && late ? Math.min(LATE_CANCEL_FEE_CENTS, facts.totalCents) : 0
  const refundCents = check.ok && paid ? facts.totalCents - feeCents : 0
  const split = splitPayout(feeCents)
  return {
    cancellable: check.ok,
    refusal: check.ok ? null : check.message,
    paid,
    late,
    pickupStartsAt: start === null ? null : DateTime.fromMillis(start, { zone: 'utc' }).toISO(),
    totalCents: facts.totalCents,
    refundCents,
    feeCents,
    carrierFeeCents: split.payoutCents,
    platformFeeCents: split.platformCents,
    refundArrivesBy: refundCents > 0 ? addBusinessDays(facts.today, REFUND_BUSINESS_DAYS) : null,
    load: check.ok && facts.freightBoard ? 'back_on_board_unfunded' : 'none',
  }
}
