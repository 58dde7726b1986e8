import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import BookingStatusService, {
  type StatusRefusals,
} from '#marketplace/services/booking_status_service'
import {
  nextStatuses,
  type BookingStatus,
  CARRIER_STATUS_CHOICES,
} from '#marketplace/booking_status'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AccountStatsService, { type UserContact } from '#accounts/services/account_stats_service'
import DriverMembersService, { type DriverMember } from '#accounts/services/driver_members'
import { fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import type { FleetBookings } from '#fleet/contracts/fleet_bookings'
import type { BookingLane } from '#marketplace/services/booking_presenter'

/** One driver covers about this many road miles a day (docs/decisions/0011). */
export const MILES_PER_TRANSIT_DAY = 500

/** Whole days on the road for a distance: at least one, one more for every 500 miles begun. */
export function estimateTransitDays(distanceMiles: number | null | undefined): number {
  const miles = Number(distanceMiles ?? 0)
  if (!Number.isFinite(miles) || miles <= 0) return 1
  return Math.max(1, Math.ceil(miles / MILES_PER_TRANSIT_DAY))
}

/**
 * The date a load is expected at its destination: the booked delivery date when there is one,
 * else the pickup date (or the booking date) plus the estimated transit days.
 */
export function expectedDeliveryDate(input: {
  deliveryDate: DateTime | null
  pickupDate: DateTime | null
  createdAt: DateTime
  distance: number | null
}): string {
  if (input.deliveryDate) return input.deliveryDate.toISODate()!
  const start = input.pickupDate ?? input.createdAt.toUTC().startOf('day')
  return start.plus({ days: estimateTransitDays(input.distance) }).toISODate()!
}

/** Dollars from a decimal column, rounded to cents, for the wire. */
export const money = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : fromCents(toCents(value))

const iso = (value: DateTime | null | undefined) => (value ? value.toUTC().toISO() : null)
const isoDate = (value: DateTime | null | undefined) => (value ? value.toISODate() : null)

export type CarrierBooking = BookingLane & {
  id: number
  reference: string
  status: BookingStatus
  paymentStatus: string
  payoutStatus: string
  pickupDate: string | null
  deliveryDate: string | null
  expectedDeliveryDate: string
  specialInstructions: string | null
  listingId: number | null
  truckId: number | null
  shipper: {
    firstName: string | null
    lastName: string | null
    email: string
    phone: string | null
  }
  deliveredAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  /** the late-cancel fee the shipper paid on cancelling, and the carrier's share (0178) */
  cancellationFeeCents: number | null
  cancellationFeeShareCents: number | null
  createdAt: string
  /** what the carrier may move it to now (the status machine, the pickup and delivery rules) */
  allowedStatuses: BookingStatus[]
  /**
   * Why in transit, next by the status machine, would be refused now (before the pickup day
   * or window; docs/decisions/0221); null otherwise.
   */
  inTransitBlockedReason: string | null
  /**
   * Why delivery, next by the status machine, would be refused now (no POD yet, before the
   * pickup day or window; docs/decisions/0166); null otherwise.
   */
  deliveryBlockedReason: string | null
  /** the driver member it is assigned to (docs/decisions/0237), or null */
  driver: DriverMember | null
}

/** A booking assigned to a driver, with its pickup window (docs/decisions/0237). */
export type AssignedBooking = CarrierBooking & {
  pickupWindowStart: string | null
  pickupWindowEnd: string | null
}

/** Statuses of a booking that still needs its truck. */
export const OPEN_BOOKING_STATUSES: BookingStatus[] = [
  'pending',
  'booked',
  'confirmed',
  'in_transit',
  'delayed',
]

/** Upper bound of the carrier's booking list. */
export const CARRIER_BOOKINGS_LIMIT = 500

/**
 * The carrier's side of bookings: its list, one booking, status updates through the one status
 * machine, and booking facts the fleet module needs (pallets booked on a listing, trucks in use).
 */
@inject()
export default class CarrierBookingsService implements FleetBookings {
  constructor(
    private statuses: BookingStatusService,
    private carriers: CarrierProfileService,
    private accounts: AccountStatsService,
    private drivers: DriverMembersService
  ) {}

  carrierIdFor(userId: number) {
    return this.carriers.requireCarrierId(userId)
  }

  async listForUser(
    userId: number,
    filter: { status?: BookingStatus; limit?: number; driverUserId?: number | null } = {}
  ) {
    const carrierId = await this.carrierIdFor(userId)
    return this.list(carrierId, filter)
  }

  async list(
    carrierId: number,
    filter: { status?: BookingStatus; limit?: number; driverUserId?: number | null } = {}
  ): Promise<CarrierBooking[]> {
    const query = Booking.query()
      .where('carrierId', carrierId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(filter.limit ?? CARRIER_BOOKINGS_LIMIT, CARRIER_BOOKINGS_LIMIT))
    if (filter.status) query.where('status', filter.status)
    if (filter.driverUserId) query.where('driverUserId', filter.driverUserId)
    return this.present(await query)
  }

  /**
   * The open bookings assigned to a driver's login, with their pickup windows: the driver's
   * work (docs/decisions/0237).
   */
  async assignedWork(carrierId: number, driverUserId: number): Promise<AssignedBooking[]> {
    const bookings = await Booking.query()
      .where('carrierId', carrierId)
      .where('driverUserId', driverUserId)
      .whereIn('status', OPEN_BOOKING_STATUSES)
      .orderBy('id', 'asc')
      .limit(CARRIER_BOOKINGS_LIMIT)
    const presented = await this.present(bookings)
    return presented.map((booking, index) => ({
      ...booking,
      pickupWindowStart: iso(bookings[index].pickupWindowStart),
      pickupWindowEnd: iso(bookings[index].pickupWindowEnd),
    }))
  }

  /**
   * A carrier's status update, checked by the status machine (409 with its message).
   * BookingPolicy has already checked the booking is the carrier company's.
   */
  async updateStatus(
    userId: number,
    bookingId: number,
    to: (typeof CARRIER_STATUS_CHOICES)[number],
    memberUserId: number | null = null
  ): Promise<CarrierBooking> {
    const booking = await this.statuses.change(bookingId, to, {
      userId,
      role: 'carrier',
      memberUserId,
    })
    const [presented] = await this.present([booking])
    return presented
  }

  /** Pallets held on each listing by its bookings that are not cancelled. */
  async bookedPalletsByListing(listingIds: number[]): Promise<Map<number, number>> {
    const ids = [...new Set(listingIds)]
    if (ids.length === 0) return new Map()
    const rows = await db
      .from('bookings')
      .whereIn('listing_id', ids)
      .whereNot('status', 'cancelled')
      .groupBy('listing_id')
      .select('listing_id')
      .sum('number_of_pallets as pallets')
    return new Map(rows.map((r) => [Number(r.listing_id), Number(r.pallets ?? 0)]))
  }

  /** How many bookings that are not yet delivered or cancelled ride on this truck. */
  async openBookingsOnTruck(truckId: number): Promise<number> {
    const [row] = await db
      .from('bookings')
      .where('truck_id', truckId)
      .whereIn('status', OPEN_BOOKING_STATUSES)
      .count('* as total')
    return Number(row.total)
  }

  async present(bookings: Booking[]): Promise<CarrierBooking[]> {
    const [contacts, refusals, drivers] = await Promise.all([
      this.accounts.contactsByIds(bookings.map((b) => b.shipperId)),
      this.statuses.refusals(bookings, 'carrier'),
      this.drivers.byUserId(bookings.map((b) => b.driverUserId)),
    ])
    return bookings.map((b) => ({
      ...toCarrierBooking(b, contacts.get(b.shipperId), refusals.get(b.id)),
      driver: (b.driverUserId && drivers.get(b.driverUserId)) || null,
    }))
  }
}

export function toCarrierBooking(
  b: Booking,
  shipper: UserContact | undefined,
  refusals: StatusRefusals = { inTransit: null, delivered: null }
): Omit<CarrierBooking, 'driver'> {
  const blocked = new Set<BookingStatus>()
  if (refusals.inTransit) blocked.add('in_transit')
  if (refusals.delivered) blocked.add('delivered')
  const next = nextStatuses(b.status, 'carrier').filter((s) => !blocked.has(s))
  return {
    id: b.id,
    reference: bookingReference(b.id),
    status: b.status,
    paymentStatus: b.paymentStatus,
    payoutStatus: b.payoutStatus,
    pickupAddress: b.pickupAddress,
    pickupCity: b.pickupCity,
    pickupState: b.pickupState,
    pickupZip: b.pickupZip,
    deliveryAddress: b.deliveryAddress,
    deliveryCity: b.deliveryCity,
    deliveryState: b.deliveryState,
    deliveryZip: b.deliveryZip,
    numberOfPallets: b.numberOfPallets,
    distance: b.distance === null ? null : Number(b.distance),
    ratePerMilePerPallet: money(b.ratePerMilePerPallet),
    totalAmount: money(b.totalAmount),
    pickupDate: isoDate(b.pickupDate),
    deliveryDate: isoDate(b.deliveryDate),
    expectedDeliveryDate: expectedDeliveryDate(b),
    specialInstructions: b.specialInstructions,
    listingId: b.listingId,
    truckId: b.truckId,
    shipper: {
      firstName: shipper?.firstName ?? null,
      lastName: shipper?.lastName ?? null,
      email: shipper?.email ?? '',
      phone: shipper?.phone ?? null,
    },
    deliveredAt: iso(b.deliveredAt),
    completedAt: iso(b.completedAt),
    cancelledAt: iso(b.cancelledAt),
    cancellationFeeCents: b.cancellationFeeCents ?? null,
    cancellationFeeShareCents:
      b.cancellationFeeCents === null ? null : splitPayout(b.cancellationFeeCents).payoutCents,
    createdAt: iso(b.createdAt)!,
    allowedStatuses: next,
    inTransitBlockedReason: refusals.inTransit,
    deliveryBlockedReason: refusals.delivered,
  }
}
