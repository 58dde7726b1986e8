import type { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#marketplace/models/booking'
import { isoDay } from '#core/business_time'
import type { BookingStatus } from '#marketplace/booking_status'

/** A booking as reviews need it: its two parties and how far it got. */
export type BookingParties = {
  id: number
  shipperId: number
  /** carriers.id; null for a partner carrier's booking */
  carrierId: number | null
  status: BookingStatus
  deliveredAt: DateTime | null
  completedAt: DateTime | null
}

/** A booking as its message thread needs it (docs/decisions/0230). */
export type BookingThreadFacts = {
  id: number
  shipperId: number
  /** carriers.id; null for a partner carrier's booking */
  carrierId: number | null
  /** the booking was paid (its payment may since have been refunded): the parties know each other */
  paid: boolean
}

/** A delivered booking of a carrier, for its delivery record. */
export type CarrierDelivery = {
  id: number
  carrierId: number
  /** the promised delivery day, `YYYY-MM-DD` */
  due: string | null
  deliveredAt: DateTime | null
}

/**
 * Read-only facts about bookings for the modules above marketplace that judge them (reviews:
 * who may review, when the window opens, the carriers' delivery records).
 */
export default class BookingFactsService {
  /** The driver's login the booking is assigned to (docs/decisions/0237), or null. */
  async assignedDriver(bookingId: number): Promise<number | null> {
    const row = await Booking.query().where('id', bookingId).select('id', 'driverUserId').first()
    return row?.driverUserId ?? null
  }

  /** The ids of the bookings assigned to a driver's login (docs/decisions/0237). */
  async assignedTo(driverUserId: number): Promise<number[]> {
    const rows = await Booking.query().where('driverUserId', driverUserId).select('id')
    return rows.map((row) => row.id)
  }

  async parties(bookingId: number): Promise<BookingParties | null> {
    const booking = await Booking.query()
      .where('id', bookingId)
      .select('id', 'shipperId', 'carrierId', 'status', 'deliveredAt', 'completedAt')
      .first()
    return booking ? toParties(booking) : null
  }

  /** Who may talk on a booking's thread, and whether it is open (paid), or null when missing. */
  async threadFacts(bookingId: number): Promise<BookingThreadFacts | null> {
    const booking = await Booking.query()
      .where('id', bookingId)
      .select('id', 'shipperId', 'carrierId', 'paymentStatus')
      .first()
    if (!booking) return null
    return {
      id: booking.id,
      shipperId: booking.shipperId,
      carrierId: booking.carrierId,
      paid: booking.paymentStatus === 'paid' || booking.paymentStatus === 'refunded',
    }
  }

  async partiesOf(bookingIds: number[]): Promise<Map<number, BookingParties>> {
    if (bookingIds.length === 0) return new Map()
    const bookings = await Booking.query()
      .whereIn('id', [...new Set(bookingIds)])
      .select('id', 'shipperId', 'carrierId', 'status', 'deliveredAt', 'completedAt')
    return new Map(bookings.map((b) => [b.id, toParties(b)]))
  }

  /** Every delivered booking of these carriers. */
  async deliveriesOf(
    carrierIds: number[],
    client?: QueryClientContract
  ): Promise<CarrierDelivery[]> {
    if (carrierIds.length === 0) return []
    const rows = await Booking.query(client ? { client } : undefined)
      .whereIn('carrierId', [...new Set(carrierIds)])
      .where('status', 'delivered')
      .select('id', 'carrierId', 'deliveryDate', 'deliveredAt')
    return rows.map((row) => ({
      id: row.id,
      carrierId: row.carrierId!,
      due: isoDay(row.deliveryDate),
      deliveredAt: row.deliveredAt,
    }))
  }

  /** How many bookings were delivered, on the whole platform (its public figures). */
  async deliveredCount(): Promise<number> {
    const [row] = await Booking.query().where('status', 'delivered').count('* as total')
    return Number(row.$extras.total)
  }

  /** Carriers with at least one delivered booking (for a full rebuild of their records). */
  async deliveringCarriers(): Promise<number[]> {
    const rows = await Booking.query()
      .where('status', 'delivered')
      .whereNotNull('carrierId')
      .distinct('carrierId')
    return rows.map((row) => row.carrierId!)
  }
}

const toParties = (b: Booking): BookingParties => ({
  id: b.id,
  shipperId: b.shipperId,
  carrierId: b.carrierId,
  status: b.status,
  deliveredAt: b.deliveredAt,
  completedAt: b.completedAt,
})
