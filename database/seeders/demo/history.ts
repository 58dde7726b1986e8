import type { DateTime } from 'luxon'
import type { BookingStatus } from '#marketplace/models/booking'

export type StatusChangeSeed = {
  from: string | null
  to: string
  at: DateTime
  by: number | null
  note?: string
}

/**
 * The status changes that led a demo booking to its status, as the status machine allows them:
 * the shipper books, the platform books it when paid (no user), the carrier confirms, picks
 * up, may report a delay and delivers; or the shipper cancels before payment.
 */
export function statusHistory(
  status: BookingStatus,
  at: {
    createdAt: DateTime
    paymentConfirmedAt: DateTime | null
    cancelledAt: DateTime | null
    pickupAt: DateTime
    deliveredAt: DateTime | null
    shipperId: number
    carrierUserId: number
  }
): StatusChangeSeed[] {
  const { createdAt, paymentConfirmedAt, cancelledAt, pickupAt, deliveredAt } = at
  const history: StatusChangeSeed[] = []
  history.push({ from: null, to: 'pending', at: createdAt, by: at.shipperId })
  if (paymentConfirmedAt) {
    // The platform books it when the payment is confirmed (no user made that change).
    history.push({ from: 'pending', to: 'booked', at: paymentConfirmedAt, by: null })
  }
  if (status === 'cancelled') {
    history.push({
      from: 'pending',
      to: 'cancelled',
      at: cancelledAt!,
      by: at.shipperId,
      note: 'Shipment no longer needed',
    })
  }
  if (['confirmed', 'in_transit', 'delivered', 'delayed'].includes(status)) {
    history.push({
      from: 'booked',
      to: 'confirmed',
      at: createdAt.plus({ hours: 3 }),
      by: at.carrierUserId,
    })
  }
  if (['in_transit', 'delivered', 'delayed'].includes(status)) {
    history.push({ from: 'confirmed', to: 'in_transit', at: pickupAt, by: at.carrierUserId })
  }
  if (status === 'delayed') {
    history.push({
      from: 'in_transit',
      to: 'delayed',
      at: pickupAt.plus({ hours: 9 }),
      by: at.carrierUserId,
      note: 'Weather closure on the interstate',
    })
  }
  if (status === 'delivered') {
    history.push({ from: 'in_transit', to: 'delivered', at: deliveredAt!, by: at.carrierUserId })
  }
  return history
}
