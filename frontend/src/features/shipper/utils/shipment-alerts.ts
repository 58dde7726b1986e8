import { formatBookingReference, formatDate } from '@/lib/format'
import type { components } from '@/types/api'

type CompletionEffect = components['schemas']['CompletionEffect']
import { calendarDay, daysBetween } from '@/features/shipper/utils/dates'

export type AlertPriority = 'high' | 'medium'
export type AlertKind = 'delayed' | 'overdue' | 'complete'

export type ShipmentAlert = {
  /** Stable per booking and condition, so a dismissal survives reloads of the list. */
  id: string
  bookingId: number
  kind: AlertKind
  priority: AlertPriority
  title: string
  message: string
}

type AlertInput = {
  id: number
  reference?: string | null
  status: string | null
  paymentStatus?: string | null
  pickupDate: string | null
  completedAt: string | null
  pickupCity?: string | null
  deliveryCity?: string | null
  /** what completing would do to the payout (decision 0220) */
  completion?: CompletionEffect | null
}

/** The delivered shipment's alert says what completing does to this booking's payout. */
function completeMessage(where: string, completion: AlertInput['completion']) {
  if (completion?.payout === 'already_released') {
    const on = completion.releasedAt ? ` on ${formatDate(completion.releasedAt)}` : ''
    return `Review the delivery${where} and complete the shipment. The carrier's payout was already released${on}.`
  }
  if (completion?.payout === 'none') {
    return `Review the delivery${where} and complete the shipment to close it.`
  }
  return `Review the delivery${where} and complete the shipment to release payment to the carrier.`
}

/** Pickups later than this many days are high priority. */
export const OVERDUE_HIGH_AFTER_DAYS = 3

// Not picked up yet: still awaiting payment, booked, or confirmed by the carrier.
const WAITING_FOR_PICKUP = new Set(['pending', 'booked', 'confirmed'])

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * Alerts for the shipper's attention, derived from the bookings and today's date:
 * - delayed: high priority;
 * - overdue: not picked up (pending, booked or confirmed, or no status) although the pickup
 *   date has passed; high when more than 3 days late, else medium;
 * - delivered but not completed: medium, review and complete (to release payment, or saying
 *   the payout was already released, decision 0220).
 * High priority first; among equals delayed, then overdue (longest first), then to complete.
 */
export function deriveShipmentAlerts(bookings: AlertInput[], today: string): ShipmentAlert[] {
  const alerts: (ShipmentAlert & { daysLate: number })[] = []
  for (const b of bookings) {
    const ref = b.reference || formatBookingReference(b.id)
    const route = [b.pickupCity, b.deliveryCity].filter(Boolean).join(' → ')
    const where = route ? ` (${route})` : ''
    const status = b.status ?? 'booked'
    if (status === 'delayed') {
      alerts.push({
        id: `delayed-${b.id}`,
        bookingId: b.id,
        kind: 'delayed',
        priority: 'high',
        title: `Shipment ${ref} is delayed`,
        message: `The carrier reported a delay${where}. Check Tracking for the latest update.`,
        daysLate: 0,
      })
      continue
    }
    if (WAITING_FOR_PICKUP.has(status)) {
      const pickup = calendarDay(b.pickupDate)
      if (!pickup) continue
      const late = daysBetween(pickup, today)
      if (late <= 0) continue
      const awaitingPayment = status === 'pending'
      alerts.push({
        id: `overdue-${b.id}-${pickup}`,
        bookingId: b.id,
        kind: 'overdue',
        priority: late > OVERDUE_HIGH_AFTER_DAYS ? 'high' : 'medium',
        title: `Shipment ${ref} is overdue`,
        message: awaitingPayment
          ? `Pickup was due ${plural(late, 'day')} ago${where} and the booking is still awaiting payment.`
          : `Pickup was due ${plural(late, 'day')} ago${where} and the shipment has not been picked up.`,
        daysLate: late,
      })
      continue
    }
    if (status === 'delivered' && !b.completedAt) {
      alerts.push({
        id: `complete-${b.id}`,
        bookingId: b.id,
        kind: 'complete',
        priority: 'medium',
        title: `Shipment ${ref} was delivered`,
        message: completeMessage(where, b.completion),
        daysLate: 0,
      })
    }
  }
  const rank = { high: 0, medium: 1 } as const
  const kindRank = { delayed: 0, overdue: 1, complete: 2 } as const
  return alerts
    .sort(
      (a, b) =>
        rank[a.priority] - rank[b.priority] ||
        kindRank[a.kind] - kindRank[b.kind] ||
        b.daysLate - a.daysLate
    )
    .map(({ daysLate: _daysLate, ...alert }) => alert)
}
