import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import { BUSINESS_TIME_ZONE, isoDay } from '#core/business_time'
import { readTimestamp } from '#core/timestamps'
import { isUniqueViolation } from '#core/validation'
import { transaction, writeTransaction } from '#core/transactions'
import { recordBookingCreated } from '#marketplace/services/booking_created'
import type { FreightDetails } from '#core/freight_details'

type Stop = {
  address: string | null
  city: string
  state: string
  zip: string
  latitude: number
  longitude: number
}

/** A partner carrier's booked shipment (its answer to `book`), as the booking keeps it. */
export type PartnerShipment = {
  /** the partner_carriers driver's name: bookings.provider */
  provider: string
  /** the carrier by name, as the shipper chose it (the history says who booked it) */
  carrierName: string
  partnerQuoteId: string
  partnerShipmentId: string
  proNumber: string
  trackingUrl: string
  pickupWindowStart: DateTime
  pickupWindowEnd: DateTime
  confirmationNumber: string
  /** the partner's answer and the quote it booked, for bookings.partner_payload */
  payload: Record<string, unknown>
}

export type PartnerBookingInput = {
  /** the id taken by `reserveBookingId` before the partner was asked */
  bookingId: number
  shipperId: number
  /** the rating carrier's key (`lakeshore`), kept as the booking type `partner:<key>` */
  carrierKey: string
  pickup: Stop
  delivery: Stop
  pallets: number
  /** the quote's weight, pounds */
  weightLbs: number
  /** what the freight is, class included (docs/decisions/0257); null when none was declared */
  freightDetails: FreightDetails | null
  distanceMiles: number
  totalCents: number
  pickupDate: DateTime
  deliveryDate: DateTime
  specialInstructions: string | null
  /** one per quote and shipper: a second booking of the same quote finds the first */
  idempotencyKey: string
  shipment: PartnerShipment
}

/** Delivered shipments per carrier key, read per comparison (the newest this many). */
export const MAX_DELIVERY_RECORDS = 5000
/** The marketplace's own carriers, as rate_quoting's lane_model names them. */
export const NETWORK_CARRIER_KEY = 'palletline'
export const PARTNER_BOOKING_TYPE_PREFIX = 'partner:'

/**
 * Bookings of a partner carrier's quote made from the TMS (docs/decisions/0082): no internal
 * carrier, truck or listing behind them; the partner's shipment, PRO, tracking, pickup window
 * and confirmation on the row; the quote's total, awaiting the shipper's payment like any new
 * booking, so the payments flow charges it.
 */
@inject()
export default class PartnerBookingService {
  constructor(private clock: Clock) {}

  /**
   * A booking id taken before its booking exists (docs/decisions/0205), so the partner can be
   * asked with the booking's own reference (TRT-…) and the booking created under it only once the
   * partner accepted. It comes from the bookings' id sequence, so no other booking gets it; one
   * whose partner refused stays unused. PostgreSQL draws it from the table's sequence; SQLite
   * (AUTOINCREMENT: the next id is one above both the sequence and the largest id) moves the
   * table's `sqlite_sequence` row past it under the write lock.
   */
  async reserveBookingId(): Promise<number> {
    return writeTransaction(async (trx) => {
      if (trx.dialect.name === 'postgres') {
        const result = await trx.rawQuery(
          `select nextval(pg_get_serial_sequence('bookings', 'id')) as id`
        )
        return Number(result.rows[0].id)
      }
      const largest = (await trx.from('bookings').max('id as id').first()) as { id: unknown }
      const sequence = (await trx.rawQuery(
        `select seq from sqlite_sequence where name = 'bookings'`
      )) as { seq: number }[]
      const id = Math.max(Number(largest?.id ?? 0), Number(sequence[0]?.seq ?? 0)) + 1
      await trx.rawQuery(
        sequence.length > 0
          ? `update sqlite_sequence set seq = ? where name = 'bookings'`
          : `insert into sqlite_sequence (seq, name) values (?, 'bookings')`,
        [id]
      )
      return id
    })
  }

  /**
   * The booking of a partner shipment, under its reserved id; a second call with the same key
   * answers the first.
   */
  async create(input: PartnerBookingInput): Promise<{ id: number; created: boolean }> {
    const existing = await this.findByKey(input.shipperId, input.idempotencyKey)
    if (existing !== null) return { id: existing, created: false }
    const now = this.clock.now()
    const palletMiles = input.pallets * input.distanceMiles
    const rateCents = palletMiles > 0 ? Math.round(input.totalCents / palletMiles) : 0
    const { shipment } = input
    try {
      const id = await transaction(async (trx) => {
        const booking = await Booking.create(
          {
            id: input.bookingId,
            shipperId: input.shipperId,
            carrierId: null,
            truckId: null,
            listingId: null,
            bookingType: `${PARTNER_BOOKING_TYPE_PREFIX}${input.carrierKey}`,
            pickupAddress: input.pickup.address,
            pickupCity: input.pickup.city,
            pickupState: input.pickup.state,
            pickupZip: input.pickup.zip,
            pickupLatitude: input.pickup.latitude,
            pickupLongitude: input.pickup.longitude,
            deliveryAddress: input.delivery.address,
            deliveryCity: input.delivery.city,
            deliveryState: input.delivery.state,
            deliveryZip: input.delivery.zip,
            deliveryLatitude: input.delivery.latitude,
            deliveryLongitude: input.delivery.longitude,
            numberOfPallets: input.pallets,
            weightLbs: input.weightLbs,
            freightDetails: input.freightDetails,
            distance: input.distanceMiles,
            ratePerMilePerPallet: fromCents(rateCents),
            totalAmount: fromCents(input.totalCents),
            status: 'pending',
            paymentStatus: 'pending',
            payoutStatus: 'pending',
            pickupDate: input.pickupDate,
            deliveryDate: input.deliveryDate,
            specialInstructions: input.specialInstructions,
            idempotencyKey: input.idempotencyKey,
            provider: shipment.provider,
            partnerQuoteId: shipment.partnerQuoteId,
            partnerShipmentId: shipment.partnerShipmentId,
            partnerProNumber: shipment.proNumber,
            partnerTrackingUrl: shipment.trackingUrl,
            partnerPayload: shipment.payload,
            // The partner's window comes in its own offset; Lucid writes a timestamp in its
            // DateTime's zone and SQLite reads it back as local time.
            pickupWindowStart: shipment.pickupWindowStart.toLocal(),
            pickupWindowEnd: shipment.pickupWindowEnd.toLocal(),
            pickupConfirmationNumber: shipment.confirmationNumber,
            createdAt: now,
            updatedAt: now,
          },
          { client: trx }
        )
        await recordBookingCreated(trx, booking.id, {
          by: input.shipperId,
          at: now,
          note: `Booked with ${shipment.carrierName} (PRO ${shipment.proNumber})`,
        })
        return booking.id
      })
      return { id, created: true }
    } catch (error) {
      // Two requests booking the same quote at once: the other one's row stands.
      if (!isUniqueViolation(error)) throw error
      const id = await this.findByKey(input.shipperId, input.idempotencyKey)
      if (id === null) throw error
      return { id, created: false }
    }
  }

  /** The booking a shipper made with this key, if any. */
  async findByKey(shipperId: number, idempotencyKey: string): Promise<number | null> {
    const row = await db
      .from('bookings')
      .where('shipper_id', shipperId)
      .where('idempotency_key', idempotencyKey)
      .select('id')
      .first()
    return row ? Number(row.id) : null
  }

  /**
   * Each carrier's measured delivery record: shipments delivered (delivered_at) on or before
   * their delivery date, out of those delivered with a delivery date, newest first and bounded.
   * The network's own bookings count for `palletline`; a partner's for its carrier key.
   */
  async onTimeRecords(): Promise<Record<string, { onTime: number; total: number }>> {
    const rows = await db
      .from('bookings')
      .whereNotNull('delivered_at')
      .whereNotNull('delivery_date')
      .whereNot('status', 'cancelled')
      .select('provider', 'booking_type', 'delivered_at', 'delivery_date')
      .orderBy('delivered_at', 'desc')
      .limit(MAX_DELIVERY_RECORDS)
    const records: Record<string, { onTime: number; total: number }> = {}
    for (const row of rows) {
      const key = carrierKeyOf(row.provider, row.booking_type)
      const deliveredAt = readTimestamp(row.delivered_at)
      const due = isoDay(row.delivery_date)
      if (key === null || deliveredAt === null || due === null) continue
      const record = (records[key] ??= { onTime: 0, total: 0 })
      record.total += 1
      if (deliveredAt.setZone(BUSINESS_TIME_ZONE).toISODate()! <= due) record.onTime += 1
    }
    return records
  }
}

/** The rating carrier a booking was made with: the network, or the partner of its type. */
export function carrierKeyOf(provider: string | null, bookingType: string | null): string | null {
  if (!provider || provider === 'internal') return NETWORK_CARRIER_KEY
  if (bookingType?.startsWith(PARTNER_BOOKING_TYPE_PREFIX)) {
    return bookingType.slice(PARTNER_BOOKING_TYPE_PREFIX.length) || null
  }
  return null
}
