import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { CompanyKind } from '#accounts/member_roles'

/**
 * A shipper or carrier company (docs/decisions/0223). Its records are owned by its account
 * user, the user row whose id they carry; members act as that user.
 */
export default class Company extends BaseModel {
  static table = 'companies'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare kind: CompanyKind

  @column()
  declare name: string

  @column()
  declare accountUserId: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
