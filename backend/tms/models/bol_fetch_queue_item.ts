import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** A booking whose bill of lading still has to be fetched from the partner. */
export default class BolFetchQueueItem extends BaseModel {
  static table = 'bol_fetch_queue'
  static primaryKey = 'bookingId'
  static selfAssignPrimaryKey = true

  @column({ isPrimary: true })
  declare bookingId: number

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime | null

  @column()
  declare lastError: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
