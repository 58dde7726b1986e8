import type { VettingSnapshot } from '#marketplace/contracts/dispatch_vetting'
import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import BookingStatusChange from './booking_status_change.js'
import Invoice from './invoice.js'
import BillOfLading from './bill_of_lading.js'
import TrackingUpdate from './tracking_update.js'
import { decimalColumn, jsonColumn } from '#core/columns'
import type { FreightDetails } from '#core/freight_details'
import type { BookingStatus } from '#marketplace/booking_status'

/** The shipper's card payment for the booking: unpaid, paid (held by the platform), refunded. */
export type BookingPaymentStatus = 'pending' | 'paid' | 'refunded'
export type PayoutStatus = 'pending' | 'released' | 'paid' | 'failed'

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

  @column(decimalColumn)
  declare pickupLatitude: number | null

  @column(decimalColumn)
  declare pickupLongitude: number | null

  @column()
  declare deliveryAddress: string | null

  @column()
  declare deliveryCity: string | null

  @column()
  declare deliveryState: string | null

  @column()
  declare deliveryZip: string | null

  @column(decimalColumn)
  declare deliveryLatitude: number | null

  @column(decimalColumn)
  declare deliveryLongitude: number | null

  @column()
  declare numberOfPallets: number

  /** miles */
  @column(decimalColumn)
  declare distance: number | null

  /** the freight's declared weight in pounds, null when not declared (docs/decisions/0177) */
  @column()
  declare weightLbs: number | null

  @column(decimalColumn)
  declare ratePerMilePerPallet: number | null

  @column(decimalColumn)
  declare totalAmount: number | null

  @column()
  declare status: BookingStatus

  @column()
  declare paymentStatus: BookingPaymentStatus

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

  /** a claimed load's freight, density and class included (docs/decisions/0228) */
  @column(jsonColumn)
  declare freightDetails: FreightDetails | null

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

  @column(jsonColumn)
  declare partnerPayload: Record<string, unknown> | null

  /** the carrier's vetting when booked or claimed (docs/decisions/0091) */
  @column(jsonColumn)
  declare vettingSnapshot: VettingSnapshot | null

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

  /** The late-cancel fee kept for the carrier, cents (null until cancelled; docs/decisions/0178). */
  @column()
  declare cancellationFeeCents: number | null

  /** The quick-pay fee taken off the carrier's payout, cents (null unless quick-paid; 0222). */
  @column()
  declare quickPayFeeCents: number | null

  /** When the carrier took the payout by quick pay (docs/decisions/0222). */
  @column.dateTime()
  declare quickPaidAt: DateTime | null

  /** the driver's login the work is assigned to (docs/decisions/0237) */
  @column()
  declare driverUserId: number | null

  /** the member who assigned it */
  @column()
  declare driverAssignedBy: number | null

  @column.dateTime()
  declare driverAssignedAt: DateTime | null

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
}
