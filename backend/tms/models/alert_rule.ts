import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

const json = {
  prepare: (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v)),
  consume: (v: unknown) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v
    }
  },
}

export default class AlertRule extends BaseModel {
  static table = 'alert_rules'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare name: string

  @column(json)
  declare shipmentFilter: Record<string, unknown> | null

  @column(json)
  declare triggers: string[] | null

  @column(json)
  declare channels: string[] | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
