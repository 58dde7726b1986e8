import { DateTime } from 'luxon'
import Booking from '#marketplace/models/booking'
import type { BookingStatus } from '#marketplace/booking_status'
import { bookingReference, parseBookingReference } from '#core/reference'

export type ShipmentStop = {
  lat: number | null
  lng: number | null
  city: string | null
  state: string | null
}

/** What the TMS needs to know of a booking it follows; no payment or pricing fields. */
export type TrackedShipment = {
  id: number
  reference: string
  shipperId: number
  carrierId: number | null
  status: BookingStatus
  /** 'internal' or the partner carrier driver that carries it */
  provider: string
  partnerShipmentId: string | null
  partnerProNumber: string | null
  /** the carrier of a partner booking's quote as the shipper chose it; null when unrecorded */
  partnerCarrier: string | null
  origin: ShipmentStop
  destination: ShipmentStop
  distanceMiles: number | null
  pickupDate: string | null
  /** the promised delivery day (YYYY-MM-DD), the estimated arrival */
  deliveryDate: string | null
  pickupWindowStart: DateTime | null
  createdAt: DateTime
}

const FOLLOWED_STATUSES: BookingStatus[] = ['booked', 'confirmed', 'in_transit', 'delayed']

function quotedCarrier(payload: Booking['partnerPayload']): string | null {
  const quote = (payload?.quote ?? null) as Record<string, unknown> | null
  return typeof quote?.carrier === 'string' && quote.carrier ? quote.carrier : null
}

function toTracked(b: Booking): TrackedShipment {
  return {
    id: b.id,
    reference: bookingReference(b.id),
    shipperId: b.shipperId,
    carrierId: b.carrierId,
    status: b.status,
    provider: b.provider ?? 'internal',
    partnerShipmentId: b.partnerShipmentId,
    partnerProNumber: b.partnerProNumber,
    partnerCarrier: quotedCarrier(b.partnerPayload),
    origin: {
      lat: b.pickupLatitude,
      lng: b.pickupLongitude,
      city: b.pickupCity,
      state: b.pickupState,
    },
    destination: {
      lat: b.deliveryLatitude,
      lng: b.deliveryLongitude,
      city: b.deliveryCity,
      state: b.deliveryState,
    },
    distanceMiles: b.distance,
    pickupDate: b.pickupDate?.toISODate() ?? null,
    deliveryDate: b.deliveryDate?.toISODate() ?? null,
    pickupWindowStart: b.pickupWindowStart,
    createdAt: b.createdAt,
  }
}

/**
 * Bookings as shipments the TMS follows (milestones, feeds, alerts): read-only facts, found by
 * id, by TRT- reference or by the partner's own shipment id or PRO number.
 */
export default class TrackedShipmentsService {
  /** By booking id or TRT- reference; null when there is none. */
  async find(idOrReference: string | number): Promise<TrackedShipment | null> {
    const id =
      typeof idOrReference === 'number'
        ? idOrReference
        : /^\d+$/.test(idOrReference.trim())
          ? Number(idOrReference.trim())
          : parseBookingReference(idOrReference)
    if (id === null || !Number.isSafeInteger(id) || id < 1) return null
    const booking = await Booking.find(id)
    return booking ? toTracked(booking) : null
  }

  /** As a partner or an ELD names it: our TRT- reference, its shipment id or its PRO number. */
  async findByPartnerRef(ref: string): Promise<TrackedShipment | null> {
    const id = parseBookingReference(ref)
    if (id !== null) return this.find(id)
    const booking = await Booking.query()
      .where('partnerShipmentId', ref.trim())
      .orWhere('partnerProNumber', ref.trim())
      .orderBy('id', 'asc')
      .first()
    return booking ? toTracked(booking) : null
  }

  /**
   * Shipments still moving: partner bookings (provider other than 'internal') with a partner
   * shipment id, and with `includeInternal` the app's own bookings in transit or delayed.
   */
  async moving(options: { includeInternal?: boolean } = {}): Promise<TrackedShipment[]> {
    const rows = await Booking.query()
      .whereIn('status', FOLLOWED_STATUSES)
      .where((q) => {
        q.where((p) => p.whereNot('provider', 'internal').whereNotNull('partnerShipmentId'))
        if (options.includeInternal) {
          q.orWhere((i) =>
            i.where('provider', 'internal').whereIn('status', ['in_transit', 'delayed'])
          )
        }
      })
      .orderBy('id', 'asc')
    return rows.map(toTracked)
  }
}
