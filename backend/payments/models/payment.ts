import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

/** A card attempt: created INIT, then SUCCEEDED (held for the booking) or FAILED; REFUNDED after. */
export type PaymentStatus = 'INIT' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED'

/** A payment attempt for a shipment (booking): one payment intent and its charge. */
export default class Payment extends BaseModel {
  static table = 'payments'

  @column({ isPrimary: true })
  declare id: number

  /** bookings.id */
  @column()
  declare shipmentId: number

  @column()
  declare stripePaymentIntent: string | null

  @column()
  declare stripeChargeId: string | null

  @column()
  declare stripeTransferId: string | null

  @column(decimalColumn)
  declare amount: number

  /** INIT, SUCCEEDED, FAILED (the attempt can be retried), REFUNDED */
  @column()
  declare status: PaymentStatus

  /** the provider's message of the last failed attempt */
  @column()
  declare failureMessage: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
