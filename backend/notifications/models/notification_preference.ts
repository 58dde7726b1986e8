import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#core/columns'
import type { NotificationChannel, NotificationKind } from '#notifications/notification_rules'

/** A user's choice for one kind (absent: in the app only, no push). */
export default class NotificationPreference extends BaseModel {
  static table = 'notification_preferences'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare kind: NotificationKind

  @column()
  declare channel: NotificationChannel

  @column(booleanColumn)
  declare push: boolean

  @column.dateTime()
  declare updatedAt: DateTime
}
