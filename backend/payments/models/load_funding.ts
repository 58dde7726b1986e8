import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

export type LoadFundingStatus = 'INIT' | 'SUCCEEDED' | 'FAILED' | 'SETTLED' | 'REFUNDED'

/** A card payment for a posted load, before a booking exists (docs/decisions/0069). */
export default class LoadFunding extends BaseModel {
  static table = 'load_fundings'

  @column({ isPrimary: true })
  declare id: number

  /** freight_listings.id */
  @column()
  declare freightListingId: number

  /** users.id of the load's shipper */
  @column()
  declare shipperId: number

  @column()
  declare paymentIntentId: string

  @column()
  declare chargeId: string | null

  @column(decimalColumn)
  declare amountCents: number

  @column()
  declare status: LoadFundingStatus

  @column()
  declare failureMessage: string | null

  /** bookings.id, once the claim's booking was paid with this charge */
  @column()
  declare bookingId: number | null

  @column()
  declare refundId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
