import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The fuel surcharge percentage in force from a date. */
export default class FuelIndex extends BaseModel {
  static table = 'fuel_indices'

  @column({ isPrimary: true })
  declare id: number

  @column.date()
  declare indexDate: DateTime

  @column({ consume: (v) => (v === null ? null : Number(v)) })
  declare fscPct: number
}
