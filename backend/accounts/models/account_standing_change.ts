import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * One suspension or reinstatement of an account, with its reason (decision 0116), or an
 * approval an admin gave a reason for (decision 0189). Append-only.
 */
export default class AccountStandingChange extends BaseModel {
  static table = 'account_standing_changes'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** null: the daily re-vetting suspended the account */
  @column()
  declare adminUserId: number | null

  @column()
  declare action: 'suspended' | 'reinstated' | 'approved'

  @column()
  declare reason: string | null

  @column.dateTime()
  declare createdAt: DateTime
}
