import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { ReviewSide } from '#reviews/review_rules'

/** One side's review of a completed booking (docs/decisions/0094). */
export default class Review extends BaseModel {
  static table = 'reviews'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare authorRole: ReviewSide

  @column()
  declare authorUserId: number

  /** users.id of the booking's shipper */
  @column()
  declare shipperId: number

  /** carriers.id of the booking's carrier */
  @column()
  declare carrierId: number

  @column()
  declare onTime: number | null

  @column()
  declare communication: number | null

  @column()
  declare careOfFreight: number | null

  @column()
  declare loadingTime: number | null

  @column()
  declare descriptionAccuracy: number | null

  @column()
  declare payment: number | null

  @column()
  declare comment: string

  @column.dateTime()
  declare windowClosesAt: DateTime

  @column.dateTime()
  declare publishedAt: DateTime | null

  @column.dateTime()
  declare hiddenAt: DateTime | null

  @column()
  declare hiddenReason: string | null

  @column()
  declare hiddenBy: number | null

  @column.dateTime()
  declare createdAt: DateTime

  @column.dateTime()
  declare updatedAt: DateTime
}
