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

/** One carrier quote a rating provider returned, kept for audit and so it can be booked. */
export default class ExternalQuote extends BaseModel {
  static table = 'external_quotes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare provider: string

  @column()
  declare requestHash: string

  /** who asked: only they may book it (migration 0310; null for rows from before) */
  @column()
  declare userId: number | null

  @column()
  declare carrierKey: string | null

  @column()
  declare serviceLevel: string | null

  @column()
  declare partnerQuoteId: string | null

  /**
   * the partner_carriers driver that books it, decided when quoted (migration 0790,
   * docs/decisions/0180); null: the network's quote, booked from Search
   */
  @column()
  declare bookedBy: string | null

  /** the quote is bookable until then */
  @column.dateTime()
  declare validUntil: DateTime | null

  @column(json)
  declare response: unknown

  @column(decimal)
  declare baseTotal: number | null

  @column(decimal)
  declare totalWithSurcharge: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
