import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A webhook event handled once (unique event id). */
export default class PaymentEvent extends BaseModel {
  static table = 'payment_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare eventId: string

  @column()
  declare action: string

  @column()
  declare paymentIntent: string | null

  /** bookings.id */
  @column()
  declare bookingId: number | null

  @column.dateTime()
  declare receivedAt: DateTime
}
