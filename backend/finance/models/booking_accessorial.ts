import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

/** An accessorial charge on a booking, with its evidence. */
export default class BookingAccessorial extends BaseModel {
  static table = 'booking_accessorials'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare code: string

  @column()
  declare description: string

  @column(decimalColumn)
  declare quantity: number

  @column(decimalColumn)
  declare unitPrice: number

  @column(decimalColumn)
  declare amount: number

  @column()
  declare source: 'BOOKING' | 'CARRIER'

  @column()
  declare note: string | null

  @column()
  declare documentId: number | null

  @column()
  declare stop: 'PICKUP' | 'DELIVERY' | null

  @column.dateTime()
  declare startedAt: DateTime | null

  @column.dateTime()
  declare endedAt: DateTime | null

  @column()
  declare createdByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
