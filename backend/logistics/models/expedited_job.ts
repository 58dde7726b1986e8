import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ExpeditedStatus, VehicleType } from '#logistics/expedited_status'
import { booleanColumn, decimalColumn, jsonColumn } from '#core/columns'

export type DriverGeo = { lat: number; lng: number }

export type ExpeditedPaymentState = 'pending' | 'failed' | 'paid' | 'refunded'

/** A shipper's expedited job, offered to matching EXP carriers (docs/decisions/0125). */
export default class ExpeditedJob extends BaseModel {
  static table = 'expedited_jobs'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id (unused by expedited dispatch; kept from docs/spec.md §3) */
  @column()
  declare shipmentId: number | null

  /** users.id of the shipper who asked */
  @column()
  declare shipperId: number

  /** carriers.id of the carrier that accepted */
  @column()
  declare carrierId: number | null

  @column()
  declare vehicleType: VehicleType

  @column()
  declare slaHours: number

  @column()
  declare originPostal: string

  @column()
  declare originCity: string

  @column()
  declare originState: string

  @column(decimalColumn)
  declare originLatitude: number

  @column(decimalColumn)
  declare originLongitude: number

  @column()
  declare destPostal: string

  @column()
  declare destCity: string

  @column()
  declare destState: string

  @column(decimalColumn)
  declare destLatitude: number

  @column(decimalColumn)
  declare destLongitude: number

  @column()
  declare pallets: number

  @column()
  declare weightLbs: number

  @column(decimalColumn)
  declare distanceMiles: number

  /** dollars, decimal(10,2): the server's price */
  @column(decimalColumn)
  declare price: number

  @column()
  declare notes: string | null

  @column(jsonColumn)
  declare driverGeo: DriverGeo | null

  @column.dateTime()
  declare positionAt: DateTime | null

  @column.dateTime()
  declare eta: DateTime | null

  @column()
  declare status: ExpeditedStatus

  @column.dateTime()
  declare deadlineAt: DateTime

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column.dateTime()
  declare pickedUpAt: DateTime | null

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @column.dateTime()
  declare cancelledAt: DateTime | null

  /**
   * The shipper's card payment (docs/decisions/0188): pending, failed, paid (held by the
   * platform), refunded; null on jobs requested before payments (settled off the platform)
   */
  @column()
  declare paymentStatus: ExpeditedPaymentState | null

  /** the provider's message of the last failed card attempt, while unpaid */
  @column()
  declare paymentFailure: string | null

  @column.dateTime()
  declare paidAt: DateTime | null

  @column.dateTime()
  declare refundedAt: DateTime | null

  @column.dateTime()
  declare expiredAt: DateTime | null

  @column(booleanColumn)
  declare atRisk: boolean

  @column.dateTime()
  declare atRiskAt: DateTime | null

  @column(booleanColumn)
  declare slaMissed: boolean

  @column.dateTime()
  declare slaMissedAt: DateTime | null

  /** the driver's login the work is assigned to (docs/decisions/0237) */
  @column()
  declare driverUserId: number | null

  /** the member who assigned it */
  @column()
  declare driverAssignedBy: number | null

  @column.dateTime()
  declare driverAssignedAt: DateTime | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime | null
}
