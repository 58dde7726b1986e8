import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DateTime } from 'luxon'
import CarrierBookingsService, {
  money,
  type CarrierBooking,
} from '#marketplace/services/carrier_bookings_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { sqlTimestamp } from '#core/timestamps'
import CarrierListingService, { type ListingView } from '#fleet/services/carrier_listing_service'
import TruckService, { type FleetSummary } from '#fleet/services/truck_service'
import { Clock } from '#core/clock'
import { fromCents, toCents } from '#core/money'

/** Statuses in which the carrier has taken a booking on (docs/decisions/0010). */
export const ACCEPTED_STATUSES = ['confirmed', 'in_transit', 'delayed', 'delivered'] as const

/** Top routes compare the last 90 days with the 90 days before. */
export const ROUTE_PERIOD_DAYS = 90
export const DASHBOARD_LIST_SIZE = 3

export type MonthBucket = { month: string; label: string; start: DateTime; end: DateTime }

export type TopRoute = {
  lane: string
  pickupCity: string | null
  pickupState: string | null
  deliveryCity: string | null
  deliveryState: string | null
  bookings: number
  averageDistance: number | null
  averageRate: number | null
  totalAmount: number
  previousTotalAmount: number
  growthPct: number | null
}

export type CarrierDashboard = {
  stats: {
    monthlyEarnings: number
    monthLabel: string
    completedLoads: number
    averageRatePerMilePerPallet: number | null
    acceptanceRate: number | null
    acceptedBookings: number
    decidedBookings: number
  }
  recentBookings: CarrierBooking[]
  listings: ListingView[]
  fleet: FleetSummary
  topRoutes: TopRoute[]
  monthlyEarnings: { month: string; label: string; amount: number; loads: number }[]
}

/** The 12 calendar months (UTC) ending with the one `now` is in, oldest first. */
export function lastTwelveMonths(now: DateTime): MonthBucket[] {
  const current = now.toUTC().startOf('month')
  return Array.from({ length: 12 }, (_, i) => {
    const start = current.minus({ months: 11 - i })
    return {
      month: start.toFormat('yyyy-MM'),
      label: start.setLocale('en-US').toFormat('LLL yyyy'),
      start,
      end: start.plus({ months: 1 }),
    }
  })
}

/** "November 2026" */
export const monthLabel = (now: DateTime) => now.toUTC().setLocale('en-US').toFormat('LLLL yyyy')

/**
 * Change from the previous period in percent, one decimal; null when the previous period had
 * nothing to compare with.
 */
export function growthPct(currentCents: number, previousCents: number): number | null {
  if (previousCents <= 0) return null
  return Math.round(((currentCents - previousCents) / previousCents) * 1000) / 10
}

/** Share of judged bookings the carrier took on, 0..1 to four decimals; null when none. */
export function acceptanceRate(accepted: number, decided: number): number | null {
  if (decided <= 0) return null
  return Math.round((accepted / decided) * 10000) / 10000
}

const place = (city: string | null, state: string | null) =>
  [city, state].filter(Boolean).join(', ') || 'Unknown'

/** "Chicago, IL → Detroit, MI" */
export const laneLabel = (
  pickupCity: string | null,
  pickupState: string | null,
  deliveryCity: string | null,
  deliveryState: string | null
) => `${place(pickupCity, pickupState)} → ${place(deliveryCity, deliveryState)}`

/** Sum of a decimal money column as integer cents, computed by the database. */
const CENTS = (column: string) => `cast(round(${column} * 100) as bigint)`

/** The approved carrier's dashboard: every figure computed from its bookings, listings, trucks. */
@inject()
export default class CarrierDashboardService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService,
    private bookings: CarrierBookingsService,
    private listings: CarrierListingService,
    private trucks: TruckService
  ) {}

  async forUser(userId: number): Promise<CarrierDashboard> {
    const carrierId = await this.carriers.requireCarrierId(userId)
    const now = this.clock.now().toUTC()
    const months = lastTwelveMonths(now)

    const series = await this.monthlySeries(carrierId, months)
    const completedLoads = await this.completedLoads(carrierId)
    const averageRate = await this.averageRate(carrierId)
    const acceptance = await this.acceptance(carrierId)
    const topRoutes = await this.topRoutes(carrierId, now)
    const recentBookings = await this.bookings.list(carrierId, { limit: DASHBOARD_LIST_SIZE })
    const listings = await this.listings.latest(carrierId, DASHBOARD_LIST_SIZE)
    const fleet = await this.trucks.summary(carrierId)

    return {
      stats: {
        monthlyEarnings: series[series.length - 1].amount,
        monthLabel: monthLabel(now),
        completedLoads,
        averageRatePerMilePerPallet: averageRate,
        acceptanceRate: acceptanceRate(acceptance.accepted, acceptance.decided),
        acceptedBookings: acceptance.accepted,
        decidedBookings: acceptance.decided,
      },
      recentBookings,
      listings,
      fleet,
      topRoutes,
      monthlyEarnings: series,
    }
  }

  /** Totals and counts of bookings delivered in each month (by delivery time). */
  private async monthlySeries(carrierId: number, months: MonthBucket[]) {
    const client = db.connection()
    const ts = (at: DateTime) => sqlTimestamp(at, client)
    const columns: string[] = []
    const bindings: string[] = []
    months.forEach((m, i) => {
      columns.push(
        `coalesce(sum(case when delivered_at >= ? and delivered_at < ? then ${CENTS('total_amount')} else 0 end), 0) as amount_${i}`,
        `count(case when delivered_at >= ? and delivered_at < ? then 1 end) as loads_${i}`
      )
      bindings.push(ts(m.start), ts(m.end), ts(m.start), ts(m.end))
    })
    const row = await client
      .from('bookings')
      .where('carrier_id', carrierId)
      .where('status', 'delivered')
      .where('delivered_at', '>=', ts(months[0].start))
      .where('delivered_at', '<', ts(months[months.length - 1].end))
      .select(client.raw(columns.join(', '), bindings))
      .first()
    return months.map((m, i) => ({
      month: m.month,
      label: m.label,
      amount: fromCents(Number(row?.[`amount_${i}`] ?? 0)),
      loads: Number(row?.[`loads_${i}`] ?? 0),
    }))
  }

  private async completedLoads(carrierId: number) {
    const [row] = await db
      .from('bookings')
      .where('carrier_id', carrierId)
      .where('status', 'delivered')
      .count('* as total')
    return Number(row.total)
  }

  /** Mean rate per mile per pallet of the carrier's bookings that are not cancelled. */
  private async averageRate(carrierId: number) {
    const [row] = await db
      .from('bookings')
      .where('carrier_id', carrierId)
      .whereNot('status', 'cancelled')
      .whereNotNull('rate_per_mile_per_pallet')
      .avg('rate_per_mile_per_pallet as rate')
    return row.rate === null || row.rate === undefined ? null : money(Number(row.rate))
  }

  /**
   * Judged bookings are the paid ones the carrier has answered: taken on (confirmed, in
   * transit, delayed, delivered, or cancelled after it had taken them on), or cancelled after
   * payment while still waiting for the carrier. Unpaid and still-waiting bookings are not
   * judged. docs/decisions/0010.
   */
  private async acceptance(carrierId: number) {
    const progressed = (q: DatabaseQueryBuilderContract) =>
      q
        .from('booking_status_changes as c')
        .whereColumn('c.booking_id', 'b.id')
        .whereIn('c.to_status', [...ACCEPTED_STATUSES])
        .select(db.raw('1'))
    const cancellation = (q: DatabaseQueryBuilderContract) =>
      q
        .from('booking_status_changes as c')
        .whereColumn('c.booking_id', 'b.id')
        .where('c.to_status', 'cancelled')
        .select(db.raw('1'))

    const [accepted] = await db
      .from('bookings as b')
      .where('b.carrier_id', carrierId)
      .where((q) =>
        q
          .whereIn('b.status', [...ACCEPTED_STATUSES])
          .orWhere((c) => c.where('b.status', 'cancelled').whereExists(progressed))
      )
      .count('* as total')
    const [declined] = await db
      .from('bookings as b')
      .where('b.carrier_id', carrierId)
      .where('b.status', 'cancelled')
      .whereNotExists(progressed)
      .where((q) =>
        q
          // cancelled from booked (paid, waiting for the carrier) per the status history
          .whereExists((c) => cancellation(c).whereNot('c.from_status', 'pending'))
          // no history: judge by the payment
          .orWhere((c) => c.whereNotExists(cancellation).whereNot('b.payment_status', 'pending'))
      )
      .count('* as total')
    const acceptedCount = Number(accepted.total)
    return { accepted: acceptedCount, decided: acceptedCount + Number(declined.total) }
  }

  /**
   * The carrier's three lanes with the highest booking total over the last 90 days (bookings
   * created then, not cancelled), each compared with the same lane in the 90 days before.
   */
  private async topRoutes(carrierId: number, now: DateTime): Promise<TopRoute[]> {
    const client = db.connection()
    const currentStart = sqlTimestamp(now.minus({ days: ROUTE_PERIOD_DAYS }), client)
    const previousStart = sqlTimestamp(now.minus({ days: 2 * ROUTE_PERIOD_DAYS }), client)
    const end = sqlTimestamp(now, client)
    const current = (expr: string, otherwise: string) =>
      `case when created_at >= ? then ${expr} else ${otherwise} end`
    const rows = await client
      .from('bookings')
      .where('carrier_id', carrierId)
      .whereNot('status', 'cancelled')
      .where('created_at', '>=', previousStart)
      .where('created_at', '<=', end)
      .groupBy('pickup_city', 'pickup_state', 'delivery_city', 'delivery_state')
      .select('pickup_city', 'pickup_state', 'delivery_city', 'delivery_state')
      .select(
        client.raw(
          [
            `sum(${current('1', '0')}) as bookings`,
            `sum(${current(CENTS('total_amount'), '0')}) as total_cents`,
            `sum(case when created_at < ? then ${CENTS('total_amount')} else 0 end) as previous_cents`,
            `avg(${current('distance', 'null')}) as average_distance`,
            `avg(${current('rate_per_mile_per_pallet', 'null')}) as average_rate`,
          ].join(', '),
          [currentStart, currentStart, currentStart, currentStart, currentStart]
        )
      )
      .havingRaw(`sum(${current('1', '0')}) > 0`, [currentStart])
      .orderBy('total_cents', 'desc')
      .orderBy('bookings', 'desc')
      .orderBy('pickup_city', 'asc')
      .orderBy('delivery_city', 'asc')
      .limit(DASHBOARD_LIST_SIZE)

    return rows.map((r) => {
      const totalCents = Number(r.total_cents ?? 0)
      const previousCents = Number(r.previous_cents ?? 0)
      const distance = r.average_distance === null ? null : Number(r.average_distance)
      return {
        lane: laneLabel(r.pickup_city, r.pickup_state, r.delivery_city, r.delivery_state),
        pickupCity: r.pickup_city,
        pickupState: r.pickup_state,
        deliveryCity: r.delivery_city,
        deliveryState: r.delivery_state,
        bookings: Number(r.bookings),
        averageDistance: distance === null ? null : Math.round(distance * 10) / 10,
        averageRate: r.average_rate === null ? null : fromCents(toCents(Number(r.average_rate))),
        totalAmount: fromCents(totalCents),
        previousTotalAmount: fromCents(previousCents),
        growthPct: growthPct(totalCents, previousCents),
      }
    })
  }
}
