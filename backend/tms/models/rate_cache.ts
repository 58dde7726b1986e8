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

export default class RateCache extends BaseModel {
  static table = 'rates_cache'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare cacheKey: string

  @column(json)
  declare response: unknown

  @column.dateTime()
  declare expiresAt: DateTime
}
