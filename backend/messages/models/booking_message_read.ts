import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { MessageSide } from '#messages/models/booking_message'

/** One side's read receipt on a booking's thread: the newest message it has read. */
export default class BookingMessageRead extends BaseModel {
  static table = 'booking_message_reads'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare side: MessageSide

  @column()
  declare lastReadMessageId: number

  @column.dateTime()
  declare readAt: DateTime
}
