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
const decimal = { consume: (v: unknown) => (v === null ? null : Number(v)) }

/** A quote returned by a rating provider, kept for audit and reuse. */
export default class ExternalQuote extends BaseModel {
  static table = 'external_quotes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare provider: string

  @column()
  declare requestHash: string

  @column(json)
  declare response: unknown

  @column(decimal)
  declare baseTotal: number | null

  @column(decimal)
  declare totalWithSurcharge: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
