import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Booking from './booking.js'
import type { BookingStatus } from '#marketplace/booking_status'

export default class BookingStatusChange extends BaseModel {
  static table = 'booking_status_changes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  /** null for the booking's creation */
  @column()
  declare fromStatus: BookingStatus | null

  @column()
  declare toStatus: BookingStatus

  /** users.id; null when the system made the change */
  @column()
  declare changedBy: number | null

  /**
   * The login that made the change: a company member acting as `changedBy`, or that user
   * itself (docs/decisions/0223); null for the system and for rows from before companies.
   */
  @column()
  declare actorUserId: number | null

  @column.dateTime({ autoCreate: true })
  declare changedAt: DateTime

  @column()
  declare note: string | null

  @belongsTo(() => Booking)
  declare booking: BelongsTo<typeof Booking>
}
