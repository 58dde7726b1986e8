import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#core/columns'

export default class AlertRule extends BaseModel {
  static table = 'alert_rules'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column(jsonColumn)
  declare shipmentFilter: Record<string, unknown> | null

  @column(jsonColumn)
  declare triggers: string[] | null

  @column(jsonColumn)
  declare channels: string[] | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
