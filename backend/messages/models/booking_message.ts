import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type MessageSide = 'shipper' | 'carrier'

/** One message of a booking's thread (docs/decisions/0230): never deleted. */
export default class BookingMessage extends BaseModel {
  static table = 'booking_messages'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare authorUserId: number

  /** the login that wrote it (a company member's own), null on rows older than decision 0246 */
  @column()
  declare authorPersonId: number | null

  /** its company role when it wrote (`driver`, `planner`, ...), null outside a company */
  @column()
  declare authorRole: string | null

  @column()
  declare authorSide: MessageSide

  @column()
  declare body: string

  /** the file's key in Drive, else null */
  @column()
  declare attachmentPath: string | null

  @column()
  declare attachmentName: string | null

  @column()
  declare attachmentMime: string | null

  @column()
  declare attachmentSize: number | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare editedAt: DateTime | null
}
