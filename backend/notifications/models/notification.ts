import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { NotificationKind } from '#notifications/notification_rules'

/** One thing that happened to a company's work, for its account user (docs/decisions/0241). */
export default class Notification extends BaseModel {
  static table = 'notifications'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: NotificationKind

  @column()
  declare title: string

  @column()
  declare body: string

  /** a path inside the app */
  @column()
  declare link: string

  @column()
  declare dedupeKey: string | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare readAt: DateTime | null

  @column.dateTime()
  declare mailedAt: DateTime | null
}
