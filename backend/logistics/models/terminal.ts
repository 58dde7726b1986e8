import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { tiersColumn, type Tier } from '#logistics/services/drayage_rules'
import { bandsColumn, type LineHaulBand } from '#logistics/services/drayage_tariff'

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

  /** its own line-haul tariff (docs/decisions/0187); empty prices by the default bands */
  @column(bandsColumn)
  declare lineHaulBands: LineHaulBand[]

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime | null

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
