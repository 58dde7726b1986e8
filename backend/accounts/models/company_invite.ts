import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { MemberRole } from '#accounts/member_roles'

/** An invitation to join a company; the link's token is stored only as its SHA-256. */
export default class CompanyInvite extends BaseModel {
  static table = 'company_invites'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare email: string

  @column()
  declare role: MemberRole

  @column({ serializeAs: null })
  declare tokenHash: string

  @column.dateTime()
  declare expiresAt: DateTime

  @column.dateTime()
  declare usedAt: DateTime | null

  @column()
  declare usedBy: number | null

  @column()
  declare invitedBy: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
