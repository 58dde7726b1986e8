import { inject } from '@adonisjs/core'
import Booking from '#marketplace/models/booking'
import { Clock } from '#core/clock'
import { bookingReference } from '#core/reference'
import { fromCents, toCents } from '#core/money'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import { businessToday, isoDay } from '#core/business_time'
import { sqlTimestamp } from '#core/timestamps'

/**
 * Reference market rate for LTL pallet freight, dollars per pallet-mile: an estimate, not a
 * quote. Public 2025 LTL cost guides put one to two standard pallets over ~500 miles at about
 * $150-$350 per pallet, i.e. $0.30-$0.70 per pallet-mile; we take the midpoint, $0.50.
 * docs/decisions/0022 gives the sources and the method.
 */
export const REFERENCE_LTL_RATE_PER_PALLET_MILE = 0.5
/** Savings look back this many months. */
export const SAVINGS_PERIOD_MONTHS = 6
/** The upcoming-shipments card shows this many. */
export const MAX_UPCOMING = 5

export type UpcomingShipment = {
  id: number
  reference: string
  carrier_name: string
  pickup_address: string | null
  delivery_address: string | null
  num_pallets: number
  pickup_date: string | null
  status: string
  totalAmount: number | null
}

export type ShipperDashboardMetrics = {
  upcoming: UpcomingShipment[]
  estimatedSavings: number
  savingsBasis: {
    bookings: number
    periodMonths: number
    referenceRatePerPalletMile: number
    /** what the shipper paid for those bookings, dollars */
    paid: number
  }
}

/**
 * Savings of one booking against the reference rate, in cents: what the same pallets over
 * the same miles would cost at the reference rate, minus what the booking costs; never
 * negative (a booking dearer than the reference saves nothing, it does not count against).
 */
export function bookingSavingsCents(booking: {
  numberOfPallets: number
  distance: number | null
  totalAmount: number | null
}): number {
  if (booking.distance === null || booking.totalAmount === null) return 0
  const referenceCents = Math.round(
    booking.numberOfPallets * booking.distance * toCents(REFERENCE_LTL_RATE_PER_PALLET_MILE)
  )
  return Math.max(0, referenceCents - toCents(booking.totalAmount))
}

/** The shipper dashboard's upcoming shipments and estimated savings. */
@inject()
export default class ShipperMetricsService {
  constructor(
    private clock: Clock,
    private carrierShown: CarrierShownToShipper
  ) {}

  async forShipper(shipperId: number): Promise<ShipperDashboardMetrics> {
    const [upcoming, savings] = await Promise.all([
      this.upcoming(shipperId),
      this.savings(shipperId),
    ])
    return { upcoming, ...savings }
  }

  /** Not cancelled, not delivered, picking up today or later; soonest first. */
  private async upcoming(shipperId: number): Promise<UpcomingShipment[]> {
    const bookings = await Booking.query()
      .where('shipperId', shipperId)
      .whereNotIn('status', ['cancelled', 'delivered'])
      .where('pickupDate', '>=', businessToday(this.clock))
      .orderBy('pickupDate', 'asc')
      .orderBy('id', 'asc')
      .limit(MAX_UPCOMING)
    const shown = await this.carrierShown.forBookings({ id: shipperId, role: 'shipper' }, bookings)
    return bookings.map((booking) => ({
      id: booking.id,
      reference: bookingReference(booking.id),
      carrier_name: shown.get(booking.id)!.name,
      pickup_address: booking.pickupAddress,
      delivery_address: booking.deliveryAddress,
      num_pallets: booking.numberOfPallets,
      pickup_date: isoDay(booking.pickupDate),
      status: booking.status,
      totalAmount: booking.totalAmount,
    }))
  }

  private async savings(shipperId: number) {
    const since = this.clock.now().minus({ months: SAVINGS_PERIOD_MONTHS })
    const query = Booking.query()
    const bookings = await query
      .where('shipperId', shipperId)
      .whereNot('status', 'cancelled')
      // "What you paid": a booking counts once its payment went through, not while it waits.
      .where('paymentStatus', 'paid')
      .where('createdAt', '>=', sqlTimestamp(since, query.client))
      .select('number_of_pallets', 'distance', 'total_amount')
    let savedCents = 0
    let paidCents = 0
    for (const booking of bookings) {
      savedCents += bookingSavingsCents(booking)
      paidCents += booking.totalAmount === null ? 0 : toCents(booking.totalAmount)
    }
    return {
      estimatedSavings: fromCents(savedCents),
      savingsBasis: {
        bookings: bookings.length,
        periodMonths: SAVINGS_PERIOD_MONTHS,
        referenceRatePerPalletMile: REFERENCE_LTL_RATE_PER_PALLET_MILE,
        paid: fromCents(paidCents),
      },
    }
  }
}
