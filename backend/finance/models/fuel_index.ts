import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#core/columns'

/** One week of the fuel index: the diesel price and the surcharge percent it gives. */
export default class FuelIndex extends BaseModel {
  static table = 'fuel_indices'

  @column({ isPrimary: true })
  declare id: number

  @column.date()
  declare indexDate: DateTime

  @column(decimalColumn)
  declare fscPct: number

  @column(decimalColumn)
  declare dieselPrice: number | null
}
