import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One row each time a party's identity on a booking is shown to the other side. */
export default class IdentityRevealLog extends BaseModel {
  static table = 'identity_reveal_log'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  /** users.id */
  @column()
  declare viewerId: number | null

  @column()
  declare viewerRole: string

  @column.dateTime({ autoCreate: true })
  declare viewedAt: DateTime

  /** An admin's deliberate reveal: why they needed it (decision 0186); null otherwise. */
  @column()
  declare reason: string | null

  /** hash of the row before it in the chain (docs/decisions/0044) */
  @column()
  declare prevHash: string | null

  /** sha256 of prevHash and this row's content */
  @column()
  declare hash: string | null
}
