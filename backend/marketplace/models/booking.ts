import { DateTime } from 'luxon'
import { BaseModel, afterDelete, afterSave, beforeSave, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import BookingStatusChange from './booking_status_change.js'
import Invoice from './invoice.js'
import BillOfLading from './bill_of_lading.js'
import TrackingUpdate from './tracking_update.js'
import CarrierRecordsService from '#marketplace/services/carrier_records_service'

export type BookingStatus =
  'pending' | 'booked' | 'confirmed' | 'in_transit' | 'delivered' | 'delayed' | 'cancelled'
export type PayoutStatus = 'pending' | 'released' | 'paid' | 'failed'

const decimal = { consume: (v: unknown) => (v === null ? null : Number(v)) }
const json = {
  prepare: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
  consume: (v: unknown) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
}

/** Fields of a booking that its carrier's delivery record depends on (decision 0087). */
const RECORD_FIELDS = ['status', 'carrierId', 'deliveredAt', 'deliveryDate'] as const
/** Carriers whose delivery record a pending save changes, from beforeSave to afterSave. */
const recordsToRefresh = new WeakMap<Booking, (number | null)[]>()

export default class Booking extends BaseModel {
  static table = 'bookings'

  @column({ isPrimary: true })
  declare id: number

  /** users.id of the shipper */
  @column()
  declare shipperId: number

  /** carriers.id */
  @column()
  declare carrierId: number | null

  @column()
  declare truckId: number | null

  @column()
  declare listingId: number | null

  @column()
  declare bookingType: string | null

  @column()
  declare pickupAddress: string | null

  @column()
  declare pickupCity: string | null

  @column()
  declare pickupState: string | null

  @column()
  declare pickupZip: string | null

  @column(decimal)
  declare pickupLatitude: number | null

  @column(decimal)
  declare pickupLongitude: number | null

  @column()
  declare deliveryAddress: string | null

  @column()
  declare deliveryCity: string | null

  @column()
  declare deliveryState: string | null

  @column()
  declare deliveryZip: string | null

  @column(decimal)
  declare deliveryLatitude: number | null

  @column(decimal)
  declare deliveryLongitude: number | null

  @column()
  declare numberOfPallets: number

  /** miles */
  @column(decimal)
  declare distance: number | null

  @column(decimal)
  declare ratePerMilePerPallet: number | null

  @column(decimal)
  declare totalAmount: number | null

  @column()
  declare status: BookingStatus

  @column()
  declare paymentStatus: string

  @column()
  declare payoutStatus: PayoutStatus

  @column({ serializeAs: null })
  declare stripePaymentIntentId: string | null

  @column({ serializeAs: null })
  declare stripeTransferId: string | null

  @column.dateTime()
  declare paymentConfirmedAt: DateTime | null

  @column.dateTime()
  declare payoutReleasedAt: DateTime | null

  @column()
  declare payoutFailureReason: string | null

  @column.date()
  declare pickupDate: DateTime | null

  @column.date()
  declare deliveryDate: DateTime | null

  @column()
  declare specialInstructions: string | null

  /** The Idempotency-Key the shipper created it with, if any (unique per shipper). */
  @column({ serializeAs: null })
  declare idempotencyKey: string | null

  /** 'internal' or a partner carrier driver name */
  @column()
  declare provider: string

  @column()
  declare partnerQuoteId: string | null

  @column()
  declare partnerShipmentId: string | null

  @column()
  declare partnerProNumber: string | null

  @column()
  declare partnerTrackingUrl: string | null

  @column(json)
  declare partnerPayload: Record<string, unknown> | null

  @column.dateTime()
  declare pickupWindowStart: DateTime | null

  @column.dateTime()
  declare pickupWindowEnd: DateTime | null

  @column()
  declare pickupConfirmationNumber: string | null

  @column.dateTime()
  declare pickupConfirmedAt: DateTime | null

  @column()
  declare bolUrl: string | null

  @column()
  declare invoiceUrl: string | null

  /** delivery confirmation time; the payout clock starts here */
  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column.dateTime()
  declare completedAt: DateTime | null

  @column.dateTime()
  declare cancelledAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @hasMany(() => BookingStatusChange)
  declare statusChanges: HasMany<typeof BookingStatusChange>

  @hasMany(() => Invoice)
  declare invoices: HasMany<typeof Invoice>

  @hasMany(() => BillOfLading)
  declare billsOfLading: HasMany<typeof BillOfLading>

  @hasMany(() => TrackingUpdate)
  declare trackingUpdates: HasMany<typeof TrackingUpdate>

  /**
   * Bookings saved as models (factories, seeders, services that save) keep their carrier's
   * delivery record up to date; the status service's conditional update refreshes it itself.
   */
  @beforeSave()
  static noteDeliveryRecord(booking: Booking) {
    const original = booking.$original as Partial<Booking>
    const touched = RECORD_FIELDS.some((field) => field in booking.$dirty)
    const delivered = booking.status === 'delivered' || original.status === 'delivered'
    if (touched && delivered) {
      recordsToRefresh.set(booking, [booking.carrierId, original.carrierId ?? null])
    }
  }

  @afterSave()
  static async refreshDeliveryRecord(booking: Booking) {
    const carriers = recordsToRefresh.get(booking)
    if (!carriers) return
    recordsToRefresh.delete(booking)
    await CarrierRecordsService.refresh(carriers, booking.$trx)
  }

  @afterDelete()
  static async forgetDeliveryRecord(booking: Booking) {
    if (booking.status === 'delivered') {
      await CarrierRecordsService.refresh([booking.carrierId], booking.$trx)
    }
  }
}
