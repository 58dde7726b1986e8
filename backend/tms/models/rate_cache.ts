import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#core/columns'

export default class RateCache extends BaseModel {
  static table = 'rates_cache'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare cacheKey: string

  @column(jsonColumn)
  declare response: unknown

  @column.dateTime()
  declare expiresAt: DateTime
}
