import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#core/columns'

/** A page view or product event. */
export default class AnalyticsEvent extends BaseModel {
  static table = 'analytics_events'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  @column()
  declare name: string

  @column()
  declare path: string | null

  @column(jsonColumn)
  declare properties: Record<string, unknown> | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
