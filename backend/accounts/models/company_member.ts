import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { MemberRole } from '#accounts/member_roles'

/** One login's place in a company, with its role (docs/decisions/0223). */
export default class CompanyMember extends BaseModel {
  static table = 'company_members'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare companyId: number

  @column()
  declare userId: number

  @column()
  declare role: MemberRole

  @column()
  declare invitedBy: number | null

  @column.dateTime()
  declare joinedAt: DateTime

  /** removed by an owner: the login no longer signs in */
  @column.dateTime()
  declare removedAt: DateTime | null
}
