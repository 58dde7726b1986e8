import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn, jsonColumn } from '#core/columns'

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

  /**
   * the booking id it is booked under, taken before the partner is asked (migration 0855,
   * docs/decisions/0205); null until its first booking attempt
   */
  @column()
  declare reservedBookingId: number | null

  /** the quote is bookable until then */
  @column.dateTime()
  declare validUntil: DateTime | null

  @column(jsonColumn)
  declare response: unknown

  @column(decimalColumn)
  declare baseTotal: number | null

  @column(decimalColumn)
  declare totalWithSurcharge: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
