import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#core/columns'

/** A booking's rate confirmation and its acceptance (docs/decisions/0226). */
export default class RateConfirmation extends BaseModel {
  static table = 'rate_confirmations'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare number: string

  /** 0 for the first, n for `-R<n>` (docs/decisions/0250) */
  @column()
  declare revision: number

  /** what changed, on a revision */
  @column()
  declare reason: string | null

  /** issued before the pickup: its acceptance holds the pickup report */
  @column(booleanColumn)
  declare holdsPickup: boolean

  @column.dateTime()
  declare supersededAt: DateTime | null

  @column()
  declare documentId: number

  @column()
  declare downloadUrl: string

  @column()
  declare lineHaulCents: number

  @column()
  declare accessorialsCents: number

  @column()
  declare carrierPayCents: number | null

  @column()
  declare termsVersion: string | null

  @column.dateTime()
  declare issuedAt: DateTime

  @column.dateTime()
  declare acceptedAt: DateTime | null

  @column()
  declare acceptedByUserId: number | null

  @column()
  declare acceptedName: string | null

  @column()
  declare acceptedIp: string | null

  @column()
  declare acceptedUserAgent: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
