import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Booking from './booking.js'
import { decimalColumn } from '#core/columns'

export default class TrackingUpdate extends BaseModel {
  static table = 'tracking_updates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare status: string

  @column()
  declare location: string | null

  @column(decimalColumn)
  declare latitude: number | null

  @column(decimalColumn)
  declare longitude: number | null

  @column()
  declare notes: string | null

  /** when the update happened; defaults to the insert time */
  @column.dateTime({ autoCreate: true })
  declare timestamp: DateTime

  @belongsTo(() => Booking)
  declare booking: BelongsTo<typeof Booking>
}
