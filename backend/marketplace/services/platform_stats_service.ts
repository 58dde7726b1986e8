import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import CarrierIdentityService from '#marketplace/services/carrier_identity_service'
import AccountStatsService from '#accounts/services/account_stats_service'
import { money } from '#marketplace/services/carrier_bookings_service'
import { sqlTimestamp } from '#core/timestamps'
import { monthLabel } from '#marketplace/services/carrier_dashboard_service'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import { bookingReference } from '#core/reference'

export type AdminRecentBooking = {
  id: number
  reference: string
  status: string
  paymentStatus: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  totalAmount: number | null
  createdAt: string
  shipperName: string | null
  carrierName: string | null
}

/** Window of "active" shippers on the analytics overview. */
export const ACTIVE_SHIPPER_DAYS = 30
export const ADMIN_RECENT_BOOKINGS = 5

const CENTS = 'cast(round(total_amount * 100) as bigint)'

/** Platform-wide booking figures for the admin console (docs/decisions/0010). */
@inject()
export default class PlatformStatsService {
  constructor(
    private clock: Clock,
    private accounts: AccountStatsService,
    private identities: CarrierIdentityService
  ) {}

  /** Totals of bookings (not cancelled) created in the current calendar month, UTC. */
  async monthlyRevenue() {
    const now = this.clock.now().toUTC()
    const client = db.connection()
    const row = await client
      .from('bookings')
      .whereNot('status', 'cancelled')
      .where('created_at', '>=', sqlTimestamp(now.startOf('month'), client))
      .where('created_at', '<', sqlTimestamp(now.startOf('month').plus({ months: 1 }), client))
      .select(client.raw(`coalesce(sum(${CENTS}), 0) as cents`))
      .first()
    return { monthlyRevenue: fromCents(Number(row?.cents ?? 0)), monthLabel: monthLabel(now) }
  }

  /** The newest bookings with who ships and who carries. */
  async recentBookings(count = ADMIN_RECENT_BOOKINGS): Promise<AdminRecentBooking[]> {
    const bookings = await Booking.query()
      .select(
        'id',
        'shipperId',
        'carrierId',
        'status',
        'paymentStatus',
        'pickupCity',
        'pickupState',
        'deliveryCity',
        'deliveryState',
        'totalAmount',
        'createdAt'
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
    const shippers = await this.accounts.contactsByIds(bookings.map((b) => b.shipperId))
    const labels = await this.identities.labels(
      bookings.map((b) => b.carrierId).filter((id): id is number => id !== null)
    )
    return bookings.map((b) => ({
      id: b.id,
      reference: bookingReference(b.id),
      status: b.status,
      paymentStatus: b.paymentStatus,
      pickupCity: b.pickupCity,
      pickupState: b.pickupState,
      deliveryCity: b.deliveryCity,
      deliveryState: b.deliveryState,
      totalAmount: money(b.totalAmount),
      createdAt: b.createdAt.toUTC().toISO()!,
      shipperName: shippers.get(b.shipperId)?.name ?? null,
      // The anonymous label: an admin reveals a carrier on purpose, one booking at a time.
      carrierName: b.carrierId === null ? null : labels.get(b.carrierId)!,
    }))
  }

  /**
   * Revenue, mean rate and booking count over bookings that are not cancelled; shippers with a
   * booking created in the last 30 days.
   */
  async overview() {
    const client = db.connection()
    const totals = await client
      .from('bookings')
      .whereNot('status', 'cancelled')
      .select(
        client.raw(
          `coalesce(sum(${CENTS}), 0) as cents, count(*) as bookings, avg(rate_per_mile_per_pallet) as rate`
        )
      )
      .first()
    const since = this.clock.now().minus({ days: ACTIVE_SHIPPER_DAYS })
    const active = await client
      .from('bookings')
      .where('created_at', '>=', sqlTimestamp(since, client))
      .countDistinct('shipper_id as total')
      .first()
    return {
      totalRevenue: fromCents(Number(totals?.cents ?? 0)),
      averageRate: totals?.rate === null || totals?.rate === undefined ? null : money(totals.rate),
      activeShippers: Number(active?.total ?? 0),
      totalBookings: Number(totals?.bookings ?? 0),
    }
  }
}
