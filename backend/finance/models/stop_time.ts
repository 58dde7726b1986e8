import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The carrier's check-in and check-out at a stop of a booking. */
export default class StopTime extends BaseModel {
  static table = 'stop_times'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare stop: 'PICKUP' | 'DELIVERY'

  @column.dateTime()
  declare arrivedAt: DateTime

  @column.dateTime()
  declare departedAt: DateTime

  @column()
  declare recordedByUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
