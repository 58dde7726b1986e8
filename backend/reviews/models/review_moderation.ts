import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One admin action on a review, with its reason (docs/decisions/0095). Append-only. */
export default class ReviewModeration extends BaseModel {
  static table = 'review_moderations'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare reviewId: number

  @column()
  declare adminUserId: number

  @column()
  declare action: 'hide' | 'restore'

  @column()
  declare reason: string

  @column.dateTime()
  declare createdAt: DateTime
}
