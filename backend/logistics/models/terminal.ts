import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { tiersColumn, type Tier } from '#logistics/services/drayage_rules'

/** A port or rail terminal where drayage moves start or end; admins keep the list. */
export default class Terminal extends BaseModel {
  static table = 'terminals'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare name: string | null

  @column()
  declare unLocode: string | null

  @column()
  declare address: string | null

  /** PORT or RAIL */
  @column()
  declare kind: 'PORT' | 'RAIL'

  @column(tiersColumn)
  declare demurrageTiers: Tier[]

  @column(tiersColumn)
  declare perDiemTiers: Tier[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
