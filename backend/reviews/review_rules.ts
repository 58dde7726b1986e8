import type { DateTime } from 'luxon'
import { BUSINESS_TIME_ZONE } from '#core/business_time'

/**
 * The rules of reviews and of the measured delivery record, pure (docs/decisions/0094-0096):
 * when a booking's reviews open and close, who sees what, and how averages and the on-time
 * rate are computed. The services apply them; unit tests pin them.
 */

/** Days after completion during which each side may write (and, unpublished, edit) its review. */
export const REVIEW_WINDOW_DAYS = 14
/** A shipper who never completes: the booking counts as completed when its payout is due (0043). */
export const AUTO_COMPLETE_HOURS = 48

/** The side that writes: the shipper reviews the carrier, the carrier reviews the shipper. */
export type ReviewSide = 'shipper' | 'carrier'

export const CRITERIA = {
  shipper: ['onTime', 'communication', 'careOfFreight'],
  carrier: ['loadingTime', 'descriptionAccuracy', 'payment'],
} as const

export type CarrierCriterion = (typeof CRITERIA.shipper)[number]
export type ShipperCriterion = (typeof CRITERIA.carrier)[number]
export type Criterion = CarrierCriterion | ShipperCriterion

export const CRITERION_LABELS: Record<Criterion, string> = {
  onTime: 'On time',
  communication: 'Communication',
  careOfFreight: 'Care of freight',
  loadingTime: 'Loading time and detention',
  descriptionAccuracy: 'Accuracy of the load description',
  payment: 'Payment',
}

export const otherSide = (side: ReviewSide): ReviewSide =>
  side === 'shipper' ? 'carrier' : 'shipper'

/** What decides a booking's review window. */
export type CompletionFacts = {
  status: string
  deliveredAt: DateTime | null
  completedAt: DateTime | null
}

export type ReviewWindow = { opensAt: DateTime; closesAt: DateTime }

/**
 * A delivered booking's review window: it opens when the booking is completed (the shipper's
 * Complete, or 48 hours after delivery when the payout is due anyway, whichever is first) and
 * closes 14 days later. Null when the booking is not delivered.
 */
export function reviewWindow(booking: CompletionFacts): ReviewWindow | null {
  if (booking.status !== 'delivered' || booking.deliveredAt === null) return null
  const due = booking.deliveredAt.plus({ hours: AUTO_COMPLETE_HOURS })
  const opensAt =
    booking.completedAt !== null && booking.completedAt < due ? booking.completedAt : due
  return { opensAt, closesAt: opensAt.plus({ days: REVIEW_WINDOW_DAYS }) }
}

export type WindowState = 'not_open' | 'open' | 'closed'

/** At `closesAt` exactly the window is closed; one second earlier it is open. */
export function windowState(window: ReviewWindow | null, now: DateTime): WindowState {
  if (window === null || now < window.opensAt) return 'not_open'
  return now < window.closesAt ? 'open' : 'closed'
}

/** The stored facts of a review that decide who sees it. */
export type ReviewFacts = {
  publishedAt: DateTime | null
  windowClosesAt: DateTime
}

/**
 * Whether the other side may read a review: once both sides have written (then it is
 * published) or once the window has closed, never before, so nobody writes in answer to what
 * they read.
 */
export function isRevealed(review: ReviewFacts, now: DateTime): boolean {
  return review.publishedAt !== null || now >= review.windowClosesAt
}

/**
 * Whether the author may still change it: before the window closes and while the other side
 * has not written (publication makes both reviews final: an edit after reading the other's
 * review would be the retaliation blind reviews exist to prevent), and not once hidden.
 */
export function isEditable(
  review: ReviewFacts & { hiddenAt: DateTime | null },
  now: DateTime
): boolean {
  return review.hiddenAt === null && !isRevealed(review, now)
}

/** Mean of `sums` over `count` reviews of `sums.length` criteria, two decimals; null for none. */
export function averageOf(sums: number[], count: number): number | null {
  if (count <= 0 || sums.length === 0) return null
  const total = sums.reduce((a, b) => a + b, 0)
  return Math.round((total / (count * sums.length)) * 100) / 100
}

/** One criterion's mean, two decimals; null for none. */
export const criterionAverage = (sum: number, count: number) => averageOf([sum], count)

/** A delivered booking, as the delivery record judges it. */
export type Delivery = {
  /** the booking's promised delivery day, `YYYY-MM-DD`, or null when it had none */
  due: string | null
  /** when the carrier set Delivered */
  deliveredAt: DateTime | null
  /** DELIVERED milestone times from tracking feeds, if any */
  milestones: DateTime[]
}

/**
 * When the freight was delivered: the earliest DELIVERED milestone a feed reported (the dock's
 * own time), else the moment the carrier set Delivered.
 */
export function deliveryMoment(delivery: Delivery): DateTime | null {
  if (delivery.milestones.length === 0) return delivery.deliveredAt
  return delivery.milestones.reduce((a, b) => (b < a ? b : a))
}

export type DeliveryRecord = { deliveredLoads: number; judgedLoads: number; onTimeLoads: number }

/**
 * Delivered loads; of those with a promised day and a delivery moment, how many were delivered
 * on or before that day in the business time zone.
 */
export function deliveryRecord(deliveries: Delivery[]): DeliveryRecord {
  const record = { deliveredLoads: 0, judgedLoads: 0, onTimeLoads: 0 }
  for (const delivery of deliveries) {
    record.deliveredLoads += 1
    const moment = deliveryMoment(delivery)
    if (delivery.due === null || moment === null) continue
    record.judgedLoads += 1
    if (moment.setZone(BUSINESS_TIME_ZONE).toISODate()! <= delivery.due) record.onTimeLoads += 1
  }
  return record
}

/** Share delivered on time, three decimals; null when no load could be judged. */
export function onTimeRate(record: Pick<DeliveryRecord, 'judgedLoads' | 'onTimeLoads'>) {
  if (record.judgedLoads === 0) return null
  return Math.round((record.onTimeLoads / record.judgedLoads) * 1000) / 1000
}
